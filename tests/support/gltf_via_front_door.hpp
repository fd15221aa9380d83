#pragma once
// glTF written and read through the front door (anmkit.hpp), as `anmkit convert` does, for the
// tests that start from a format's file model.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "anmkit/anmkit.hpp"
#include "anmkit/formats/gem/gem_write.hpp"
#include "anmkit/formats/lm/lm_read.hpp"

namespace anmkit::test {

// The glTF of a file's bytes; `options` as Document::open takes them, the skeleton read from disk
// (as the command line gives it).
inline Expected<GltfOutput> gltf_of(std::span<const std::uint8_t> bytes, OpenOptions options = {},
                                    const std::string& animation = "clip", bool binary = true) {
  if (!options.files) options.files = disk_files();
  auto document = Document::open(bytes, options, "test.anm");
  if (!document) return document.error();
  return document->to_gltf({binary, animation});
}

// A GEM file model's glTF at `fps`, with the skeleton of the .mdl at `skeleton` when given.
inline Expected<GltfOutput> gem_gltf(const gem::File& file, double fps = 30, const std::string& skeleton = {},
                                     const std::string& animation = "clip", bool binary = true) {
  auto bytes = gem::write(file);
  if (!bytes) return bytes.error();
  OpenOptions options;
  options.fps = fps;
  options.skeleton = skeleton;
  return gltf_of(*bytes, options, animation, binary);
}

// A glTF animation imported as an LM file model (written, then read back).
inline Expected<lm::File> import_lm(std::span<const std::uint8_t> gltf, const GltfImportOptions& options = {}) {
  auto document = Document::from_gltf(gltf, "lm", options);
  if (!document) return document.error();
  auto bytes = document->write();
  if (!bytes) return bytes.error();
  auto read = lm::read(*bytes);
  if (!read) return read.error();
  return std::move(read->file);
}

}  // namespace anmkit::test
