#include "anmkit/formats/mm2/mm2_file.hpp"

namespace anmkit::mm2 {

std::size_t image_chunk_offset(const File& file) {
  std::size_t at = sequence_start + file.preamble.size();
  for (const Bytes& b : file.blocks) at += 1 + b.size();
  return at + 1;  // the FF that ends the section
}

Sequence parse_sequence(const Bytes& block) {
  Sequence s;
  for (std::size_t i = 0; i + 1 < block.size(); i += 2) s.steps.push_back({block[i], block[i + 1]});
  if (block.size() % 2 == 1) s.odd_byte = block.back();
  return s;
}

Bytes encode_sequence(const Sequence& sequence) {
  Bytes out;
  for (const Step& st : sequence.steps) {
    out.push_back(st.state);
    out.push_back(st.delay);
  }
  if (sequence.odd_byte) out.push_back(*sequence.odd_byte);
  return out;
}

}  // namespace anmkit::mm2
