/* The C API's figures (anmkit_figure_*), from C99: what a model shows, checked against the real
 * vehicle folders' own bytes read here (a .ply's vertices and triangles, a TGA's pixels, an .anm's
 * mesh keys), and every function's error paths. Built with -Wall -Wextra -pedantic -Werror.
 *
 * Usage: anmkit_capi_figure_test EXAMPLES_DIR VEHICLES_DIR SCRATCH_DIR
 * VEHICLES_DIR is the corpus's gem-vehicles/ (ANMKIT_CORPUS_DIR/gem-vehicles when that is set).
 * Without it the vehicles' part is skipped (exit 77 when the rest passed), or fails when
 * ANMKIT_REQUIRE_EXTERNALS is set. */
#include "anmkit/anmkit.h"
#include "check.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char* examples;
static const char* vehicles;
static const char* scratch;

/* Little-endian numbers of the game's files. */
static uint32_t u32_at(const unsigned char* p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static uint16_t u16_at(const unsigned char* p) { return (uint16_t)(p[0] | p[1] << 8); }
static float f32_at(const unsigned char* p) {
  const uint32_t bits = u32_at(p);
  float value;
  memcpy(&value, &bits, sizeof value);
  return value;
}

/* Where `n` bytes first occur in data[from, size), or 0 when they do not. */
static size_t find_bytes(const unsigned char* data, size_t size, size_t from, const void* bytes, size_t n) {
  size_t i;
  for (i = from; i + n <= size; ++i) {
    if (memcmp(data + i, bytes, n) == 0) return i;
  }
  return 0;
}

static anmkit_figure* open_figure(const char* path, const anmkit_open_options* options, anmkit_diagnostics** warnings) {
  anmkit_figure* figure = NULL;
  anmkit_error error;
  if (anmkit_figure_open(path, options, &figure, warnings, &error) != ANMKIT_OK) {
    fprintf(stderr, "cannot open the figure of %s: %s\n", path, error.message);
    exit(1);
  }
  return figure;
}

/* Every argument refused, named, on what needs no vehicle: an LM model (a skeleton that shows
 * nothing) and files that are no model. */
static void test_arguments(void) {
  anmkit_figure* figure = (anmkit_figure*)&figure; /* not NULL: failures must set it to NULL */
  anmkit_figure* other = NULL;
  anmkit_diagnostics* warnings = (anmkit_diagnostics*)&warnings;
  anmkit_document* door = NULL;
  anmkit_document* ghost = NULL;
  anmkit_error error;
  anmkit_open_options options;
  anmkit_joint joint;
  anmkit_mesh mesh;
  anmkit_primitive primitive;
  anmkit_material material;
  anmkit_texture texture;
  anmkit_mesh_morphs morphs;
  anmkit_morph_target target;
  size_t animation = 99;

  CHECK(anmkit_figure_open(path_of(examples, "mansion_door.bin"), NULL, NULL, NULL, &error) ==
        ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "out is NULL");
  CHECK(anmkit_figure_open(NULL, NULL, &figure, &warnings, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(figure == NULL && warnings == NULL);
  CHECK_STR(error.message, "path is NULL");
  CHECK(anmkit_figure_open(path_of(scratch, "missing.mdl"), NULL, &figure, NULL, &error) == ANMKIT_ERROR_IO);
  CHECK_STR(error.file, path_of(scratch, "missing.mdl"));
  CHECK(anmkit_figure_open(path_of(examples, "turret_v60.anm"), NULL, &figure, NULL, &error) ==
        ANMKIT_ERROR_UNKNOWN_FORMAT);
  CHECK(figure == NULL);
  CHECK_STR(error.message, "not a model file (.mdl or .bin) either");
  anmkit_open_options_init(&options);
  CHECK(options.no_meshes == 0 && options.texture_dir == NULL);
  options.struct_size = offsetof(anmkit_open_options, texture_dir) + sizeof(void*) / 2; /* half a pointer */
  CHECK(anmkit_figure_open(path_of(examples, "mansion_door.bin"), &options, &figure, NULL, &error) ==
        ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(strstr(error.message, "options->struct_size ") == error.message);

  /* An LM .bin: its skeleton, nothing shown, nothing for a mesh animation to morph. */
  figure = open_figure(path_of(examples, "mansion_door.bin"), NULL, &warnings);
  CHECK(anmkit_diagnostics_count(warnings) == 0);
  anmkit_diagnostics_free(warnings);
  CHECK(anmkit_figure_joint_count(figure) == 3);
  CHECK(anmkit_figure_mesh_count(figure) == 0 && anmkit_figure_material_count(figure) == 0 &&
        anmkit_figure_texture_count(figure) == 0);
  joint.struct_size = sizeof joint;
  CHECK(anmkit_figure_joint_get(figure, 2, &joint, &error) == ANMKIT_OK);
  CHECK(joint.name_size == 6 && memcmp(joint.name, "node_2", 7) == 0 && joint.parent == 1);
  CHECK(anmkit_figure_joint_get(figure, 3, &joint, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "joint 3 of 3");
  joint.struct_size = offsetof(anmkit_joint, name) + 2; /* inside the name's pointer */
  CHECK(anmkit_figure_joint_get(figure, 0, &joint, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(anmkit_figure_joint_get(figure, 0, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "out is NULL or its struct_size is smaller than a size_t");

  /* The same from the .bin opened as a model document; an animation document has no figure. */
  anmkit_open_options_init(&options);
  options.kinds = ANMKIT_KIND_MODEL;
  CHECK(anmkit_open_file(path_of(examples, "mansion_door.bin"), &options, &door, &error) == ANMKIT_OK);
  warnings = (anmkit_diagnostics*)&warnings;
  CHECK(anmkit_document_figure(door, &other, &warnings, &error) == ANMKIT_OK);
  CHECK(anmkit_figure_joint_count(other) == 3 && anmkit_figure_mesh_count(other) == 0 && anmkit_diagnostics_count(warnings) == 0);
  joint.struct_size = sizeof joint;
  CHECK(anmkit_figure_joint_get(other, 2, &joint, &error) == ANMKIT_OK);
  CHECK(joint.name_size == 6 && memcmp(joint.name, "node_2", 7) == 0 && joint.parent == 1);
  anmkit_diagnostics_free(warnings);
  anmkit_figure_free(other);
  anmkit_free(door);
  CHECK(anmkit_open_file(path_of(examples, "mansion_door.anm"), NULL, &door, &error) == ANMKIT_OK);
  other = (anmkit_figure*)&other;
  CHECK(anmkit_document_figure(door, &other, NULL, &error) == ANMKIT_ERROR_UNSUPPORTED);
  CHECK(other == NULL);
  CHECK_STR(error.message, "not a model file that names animations but an animation");
  CHECK(anmkit_document_figure(NULL, &other, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "document is NULL");
  CHECK(anmkit_document_figure(door, NULL, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "out is NULL");
  anmkit_free(door);

  door = NULL;
  CHECK(anmkit_open_file(path_of(examples, "mansion_door.anm"), NULL, &door, &error) == ANMKIT_OK);
  CHECK(anmkit_figure_add_mesh_animation(figure, door, "swing", &animation, &warnings, &error) == ANMKIT_OK);
  CHECK(animation == 0 && anmkit_diagnostics_count(warnings) == 0);
  anmkit_diagnostics_free(warnings);
  CHECK(anmkit_figure_animation_count(figure) == 1 && anmkit_figure_morphs_count(figure, 0) == 0);
  CHECK(anmkit_figure_add_mesh_animation(figure, door, NULL, NULL, NULL, &error) == ANMKIT_OK);
  CHECK(anmkit_figure_animation_count(figure) == 2);
  CHECK(anmkit_open_file(path_of(examples, "ghost_mm2.anm"), NULL, &ghost, &error) == ANMKIT_OK);
  warnings = (anmkit_diagnostics*)&warnings;
  CHECK(anmkit_figure_add_mesh_animation(figure, ghost, NULL, &animation, &warnings, &error) ==
        ANMKIT_ERROR_WRONG_KIND);
  CHECK(warnings == NULL);
  CHECK_STR(error.message, "a mm2 document has no clip to animate a mesh");
  CHECK(anmkit_figure_animation_count(figure) == 2);
  CHECK(anmkit_figure_add_mesh_animation(NULL, door, NULL, NULL, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "figure is NULL");
  CHECK(anmkit_figure_add_mesh_animation(figure, NULL, NULL, NULL, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "clip_document is NULL");

  /* Indices past the end, and NULL figures: refused, named; counts of nothing are 0. */
  mesh.struct_size = sizeof mesh;
  CHECK(anmkit_figure_mesh_get(figure, 0, &mesh, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "mesh 0 of 0");
  primitive.struct_size = sizeof primitive;
  CHECK(anmkit_figure_primitive_get(figure, 0, 0, &primitive, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "mesh 0 of 0");
  material.struct_size = sizeof material;
  CHECK(anmkit_figure_material_get(figure, 0, &material, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "material 0 of 0");
  texture.struct_size = sizeof texture;
  CHECK(anmkit_figure_texture_get(figure, (size_t)-1, &texture, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  morphs.struct_size = sizeof morphs;
  CHECK(anmkit_figure_morphs_get(figure, 2, 0, &morphs, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "mesh animation 2 of 2");
  CHECK(anmkit_figure_morphs_get(figure, 0, 0, &morphs, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "morphed mesh 0 of 0");
  target.struct_size = sizeof target;
  CHECK(anmkit_figure_target_get(figure, 0, 0, &target, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(anmkit_figure_morphs_count(figure, 7) == 0);
  CHECK(anmkit_figure_joint_count(NULL) == 0 && anmkit_figure_mesh_count(NULL) == 0 &&
        anmkit_figure_material_count(NULL) == 0 && anmkit_figure_texture_count(NULL) == 0 &&
        anmkit_figure_animation_count(NULL) == 0 && anmkit_figure_morphs_count(NULL, 0) == 0);
  CHECK(anmkit_figure_joint_get(NULL, 0, &joint, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "figure is NULL");
  CHECK(anmkit_figure_mesh_get(NULL, 0, &mesh, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(anmkit_figure_primitive_get(NULL, 0, 0, &primitive, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(anmkit_figure_material_get(NULL, 0, &material, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(anmkit_figure_texture_get(NULL, 0, &texture, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(anmkit_figure_morphs_get(NULL, 0, 0, &morphs, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(anmkit_figure_target_get(NULL, 0, 0, &target, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  anmkit_figure_free(figure);
  anmkit_figure_free(NULL);
  anmkit_free(door);
  anmkit_free(ghost);
}

/* The e-25: its body mesh against body.ply's own bytes (vertices, triangles), its track texture
 * against e25tracks.tga decoded here, and a caller's struct smaller than the library's. */
static void test_e25(void) {
  anmkit_figure* figure;
  anmkit_diagnostics* warnings = NULL;
  anmkit_error error;
  anmkit_mesh mesh;
  anmkit_primitive primitive;
  anmkit_material material;
  anmkit_texture texture;
  anmkit_joint joint;
  size_t size = 0, vert, indx, count, stride, k, i, used = 0, same = 0;
  unsigned char* ply = read_file(path_of(vehicles, "e-25/body.ply"), &size);
  unsigned char* tga;

  CHECK(ply != NULL);
  if (ply == NULL) return;
  figure = open_figure(path_of(vehicles, "e-25/e-25.mdl"), NULL, &warnings);
  CHECK(anmkit_diagnostics_count(warnings) == 0);
  anmkit_diagnostics_free(warnings);
  CHECK(anmkit_figure_joint_count(figure) == 54);
  CHECK(anmkit_figure_mesh_count(figure) == 22);
  CHECK(anmkit_figure_material_count(figure) == 2);
  CHECK(anmkit_figure_texture_count(figure) == 2);
  joint.struct_size = sizeof joint;
  CHECK(anmkit_figure_joint_get(figure, 1, &joint, &error) == ANMKIT_OK);
  CHECK(joint.name_size == 4 && memcmp(joint.name, "body", 5) == 0 && joint.parent == 0);
  {
    /* The same vehicle from its .mdl opened as a model document. */
    anmkit_document* model = NULL;
    anmkit_figure* same_figure = NULL;
    anmkit_open_options options;
    anmkit_open_options_init(&options);
    options.kinds = ANMKIT_KIND_MODEL;
    CHECK(anmkit_open_file(path_of(vehicles, "e-25/e-25.mdl"), &options, &model, &error) == ANMKIT_OK);
    CHECK(anmkit_document_figure(model, &same_figure, &warnings, &error) == ANMKIT_OK);
    CHECK(anmkit_diagnostics_count(warnings) == 0);
    anmkit_diagnostics_free(warnings);
    CHECK(anmkit_figure_joint_count(same_figure) == 54 && anmkit_figure_mesh_count(same_figure) == 22 &&
          anmkit_figure_material_count(same_figure) == 2 && anmkit_figure_texture_count(same_figure) == 2);
    anmkit_figure_free(same_figure);
    anmkit_free(model);
  }

  /* body.ply: VERT (count, stride, flags, records), then INDX (count, u16 indices). */
  vert = find_bytes(ply, size, 4, "VERT", 4);
  count = u32_at(ply + vert + 4);
  stride = u16_at(ply + vert + 8);
  indx = vert + 12 + count * stride;
  CHECK(vert != 0 && indx + 8 <= size && memcmp(ply + indx, "INDX", 4) == 0);
  for (i = 0; i < u32_at(ply + indx + 4); ++i) {
    const size_t index = u16_at(ply + indx + 8 + 2 * i);
    if (index + 1 > used) used = index + 1;
  }
  CHECK(count == 3789 && stride == 32 && used == 3789);

  mesh.struct_size = sizeof mesh;
  CHECK(anmkit_figure_mesh_get(figure, 0, &mesh, &error) == ANMKIT_OK);
  CHECK(mesh.name_size == 8 && memcmp(mesh.name, "body.ply", 9) == 0);
  CHECK(mesh.joint == 1 && mesh.shown == 1);
  CHECK(mesh.vertex_count == used);
  CHECK(mesh.positions != NULL && mesh.normals != NULL && mesh.uvs != NULL);
  CHECK(mesh.skin == NULL && mesh.skin_size == 0 && mesh.joints == NULL && mesh.weights == NULL);
  CHECK(mesh.primitive_count == 1 && mesh.target_count == 0);
  /* Each vertex as the file stores it: position, normal, uv (fvf 0x112). */
  for (k = 0; k < mesh.vertex_count; ++k) {
    const unsigned char* record = ply + vert + 12 + k * stride;
    int all = 1;
    for (i = 0; i < 3; ++i) all &= mesh.positions[3 * k + i] == f32_at(record + 4 * i);
    for (i = 0; i < 3; ++i) all &= mesh.normals[3 * k + i] == f32_at(record + 12 + 4 * i);
    for (i = 0; i < 2; ++i) all &= mesh.uvs[2 * k + i] == f32_at(record + 24 + 4 * i);
    same += (size_t)all;
  }
  CHECK(same == 3789);
  CHECK_NEAR(mesh.positions[0], -25.349267959594727);
  /* The file's triangles turned to face the other way (counter-clockwise): a, c, b. */
  primitive.struct_size = sizeof primitive;
  CHECK(anmkit_figure_primitive_get(figure, 0, 0, &primitive, &error) == ANMKIT_OK);
  CHECK(primitive.index_count == u32_at(ply + indx + 4) && primitive.index_count == 6306);
  CHECK(primitive.material == 0);
  same = 0;
  for (i = 0; i + 2 < primitive.index_count; i += 3) {
    const unsigned char* t = ply + indx + 8 + 2 * i;
    same += primitive.indices[i] == u16_at(t) && primitive.indices[i + 1] == u16_at(t + 4) &&
            primitive.indices[i + 2] == u16_at(t + 2);
  }
  CHECK(same == 6306 / 3);
  CHECK(anmkit_figure_primitive_get(figure, 0, 1, &primitive, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "primitive 1 of 1");

  /* A caller built against a header whose anmkit_mesh ended after `shown`: only that is written. */
  memset(&mesh, 0xa5, sizeof mesh);
  mesh.struct_size = offsetof(anmkit_mesh, vertex_count);
  CHECK(anmkit_figure_mesh_get(figure, 1, &mesh, &error) == ANMKIT_OK);
  CHECK(mesh.name_size == 10 && memcmp(mesh.name, "trackr.ply", 10) == 0 && mesh.joint == 2);
  CHECK(((unsigned char*)&mesh)[offsetof(anmkit_mesh, vertex_count)] == 0xa5);
  mesh.struct_size = offsetof(anmkit_mesh, positions) + 1; /* inside a pointer */
  CHECK(anmkit_figure_mesh_get(figure, 1, &mesh, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(strstr(error.message, " ends inside a field: give sizeof the struct") != NULL);
  mesh.struct_size = 0;
  CHECK(anmkit_figure_mesh_get(figure, 1, &mesh, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(anmkit_figure_mesh_get(figure, 22, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "mesh 22 of 22");

  material.struct_size = sizeof material;
  CHECK(anmkit_figure_material_get(figure, 1, &material, &error) == ANMKIT_OK);
  CHECK(material.name_size == 16 && memcmp(material.name, "02_-_default.mtl", 17) == 0);
  CHECK(material.base_texture == 1 && material.normal_texture == -1 && material.alpha_mode == ANMKIT_ALPHA_OPAQUE);
  CHECK(material.base_colour[0] == 1 && material.base_colour[3] == 1 && material.double_sided == 0);

  /* e25tracks.tga: 256 x 256, RLE, 24 bits, bottom row first. Decoded here, top row first. */
  texture.struct_size = sizeof texture;
  CHECK(anmkit_figure_texture_get(figure, 1, &texture, &error) == ANMKIT_OK);
  CHECK(texture.name_size == 9 && memcmp(texture.name, "e25tracks", 10) == 0);
#if defined(_WIN32) /* a path the library joined: the platform's separator */
  CHECK_STR(texture.path, path_of(vehicles, "e-25\\e25tracks.tga"));
#else
  CHECK_STR(texture.path, path_of(vehicles, "e-25/e25tracks.tga"));
#endif
  CHECK(texture.path_size == strlen(texture.path));
  CHECK(texture.width == 256 && texture.height == 256 && texture.rgba_size == 256 * 256 * 4 && texture.rgba != NULL);
  tga = read_file(path_of(vehicles, "e-25/e25tracks.tga"), &size);
  CHECK(tga != NULL && tga[2] == 10 && tga[16] == 24 && (tga[17] & 0x20) == 0);
  if (tga != NULL && texture.rgba != NULL) {
    size_t at = 18 + tga[0], pixel = 0;
    same = 0;
    while (pixel < 256 * 256 && at < size) {
      const unsigned packet = tga[at++];
      const size_t run = (packet & 0x7f) + 1;
      for (i = 0; i < run && pixel < 256 * 256; ++i, ++pixel) {
        const unsigned char* bgr = tga + at + ((packet & 0x80) ? 0 : 3 * i);
        const unsigned char* rgba = texture.rgba + 4 * ((255 - pixel / 256) * 256 + pixel % 256);
        same += rgba[0] == bgr[2] && rgba[1] == bgr[1] && rgba[2] == bgr[0] && rgba[3] == 255;
      }
      at += (packet & 0x80) ? 3 : 3 * run;
    }
    CHECK(pixel == 256 * 256 && same == 256 * 256);
    CHECK(texture.rgba[0] == 65 && texture.rgba[1] == 65 && texture.rgba[2] == 53 && texture.rgba[3] == 255);
  }
  free(tga);
  free(ply);
  anmkit_figure_free(figure);
}

/* The e-75: a material that masks, a DDS texture found under another case, skinned tracks, what
 * is missing; and the figure without its meshes. */
/* The e-25 handed over as the viewer hands a picked folder: every file named, none read; then what
 * anmkit_document_files_wanted asks for, round by round (its meshes, their materials, their
 * textures), and the figure asked for once: the figure read from the disk. */
static void test_e25_wanted(void) {
  static const char* const names[] = {
      "e-25.mdl", "fire.anm", "stop.anm", "body.vol", "e-25.def", "02_-_default.mtl", "12_-_default.mtl", "e25body.tga",
      "e25tracks.tga", "body.ply", "gun.ply", "gun_rot.ply", "mgun.ply", "mgun_rot.ply", "trackl.ply", "trackr.ply",
      "turret1.ply", "wheell1.ply", "wheell2.ply", "wheell3.ply", "wheell4.ply", "wheell5.ply", "wheell6.ply", "wheell7.ply",
      "wheelr1.ply", "wheelr2.ply", "wheelr3.ply", "wheelr4.ply", "wheelr5.ply", "wheelr6.ply", "wheelr7.ply"};
  static const size_t expected_rounds[] = {22, 2, 2, 0};
  static const char* const expected_ends[] = {".ply", ".mtl", ".tga"};
  anmkit_files* files = NULL;
  anmkit_document* model = NULL;
  anmkit_figure* figure = NULL;
  anmkit_diagnostics* warnings = NULL;
  anmkit_open_options options;
  anmkit_error error;
  const char* const* wanted = (const char* const*)&wanted;
  size_t count = 99, i, round, size;
  char name[64];
  unsigned char* bytes;

  CHECK(anmkit_files_new(&files, &error) == ANMKIT_OK);
  for (i = 0; i < sizeof names / sizeof names[0]; ++i) {
    snprintf(name, sizeof name, "e-25/%s", names[i]);
    CHECK(anmkit_files_declare(files, name, &error) == ANMKIT_OK);
  }
  CHECK(anmkit_files_declare(files, "../x.ply", &error) == ANMKIT_ERROR_BAD_VALUE);
  CHECK_STR(error.message, "'../x.ply' is no file name: expected folders and a file, relative, with no empty, '.' or '..' part");
  CHECK(anmkit_files_declare(NULL, "x", &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(anmkit_files_declare(files, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  bytes = read_file(path_of(vehicles, "e-25/e-25.mdl"), &size);
  CHECK(anmkit_files_add(files, "e-25/e-25.mdl", bytes, size, &error) == ANMKIT_OK);
  free(bytes);
  anmkit_open_options_init(&options);
  options.kinds = ANMKIT_KIND_MODEL;
  options.files = files;
  CHECK(anmkit_open_file("e-25/e-25.mdl", &options, &model, &error) == ANMKIT_OK);
  for (round = 0; round < 4; ++round) {
    CHECK(anmkit_document_files_wanted(model, &wanted, &count, &error) == ANMKIT_OK);
    CHECK(count == expected_rounds[round]);
    CHECK((count == 0) == (wanted == NULL));
    for (i = 0; i < count; ++i) {
      const size_t length = strlen(wanted[i]);
      CHECK(round < 3 && length > 9 && strncmp(wanted[i], "e-25/", 5) == 0 && strcmp(wanted[i] + length - 4, expected_ends[round]) == 0);
      bytes = read_file(path_of(vehicles, wanted[i]), &size);
      CHECK(bytes != NULL && anmkit_files_add(files, wanted[i], bytes, size, &error) == ANMKIT_OK);
      free(bytes);
    }
  }
  CHECK(anmkit_document_figure(model, &figure, &warnings, &error) == ANMKIT_OK);
  CHECK(anmkit_diagnostics_count(warnings) == 0);
  CHECK(anmkit_figure_joint_count(figure) == 54 && anmkit_figure_mesh_count(figure) == 22 &&
        anmkit_figure_material_count(figure) == 2 && anmkit_figure_texture_count(figure) == 2);
  {
    anmkit_texture texture;
    texture.struct_size = sizeof texture;
    CHECK(anmkit_figure_texture_get(figure, 0, &texture, &error) == ANMKIT_OK);
    CHECK(texture.width > 0 && texture.rgba != NULL);
  }
  CHECK(anmkit_document_files_wanted(NULL, &wanted, &count, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "document is NULL");
  CHECK(anmkit_document_files_wanted(model, NULL, &count, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(anmkit_document_files_wanted(model, &wanted, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  anmkit_diagnostics_free(warnings);
  anmkit_figure_free(figure);
  anmkit_free(model);
  anmkit_files_free(files);
}

static void test_e75(void) {
  anmkit_figure* figure;
  anmkit_diagnostics* warnings = NULL;
  anmkit_diagnostic warning;
  anmkit_error error;
  anmkit_material material;
  anmkit_texture texture;
  anmkit_mesh mesh;
  anmkit_open_options options;
  anmkit_joint joint;
  size_t v, sums = 0, places = 0, hidden = 0;

  figure = open_figure(path_of(vehicles, "e-75/e-75.mdl"), NULL, &warnings);
  CHECK(anmkit_figure_joint_count(figure) == 79 && anmkit_figure_mesh_count(figure) == 47);
  CHECK(anmkit_figure_material_count(figure) == 3 && anmkit_figure_texture_count(figure) == 2);
  /* The six emitters rest hidden ({visibility 0}); the others shown. */
  joint.struct_size = sizeof joint;
  for (v = 0; v < anmkit_figure_joint_count(figure); ++v) {
    CHECK(anmkit_figure_joint_get(figure, v, &joint, &error) == ANMKIT_OK);
    hidden += joint.shown == 0;
    if (joint.shown == 0) CHECK(strncmp(joint.name, "emit", 4) == 0 && joint.name[4] >= '1' && joint.name[4] <= '6');
  }
  CHECK(hidden == 6);
  CHECK(anmkit_diagnostics_count(warnings) == 2);
  warning.struct_size = sizeof warning;
  CHECK(anmkit_diagnostics_get(warnings, 0, &warning, &error) == ANMKIT_OK);
  CHECK_STR(warning.id, "model.figure");
  CHECK(strncmp(warning.message, "material 'material_#28.mtl': diffuse texture 'e-75' not found (looked for ",
                74) == 0);
  anmkit_diagnostics_free(warnings);

  material.struct_size = sizeof material;
  CHECK(anmkit_figure_material_get(figure, 2, &material, &error) == ANMKIT_OK);
  CHECK(memcmp(material.name, "material_#30.mtl", 17) == 0);
  CHECK(material.alpha_mode == ANMKIT_ALPHA_MASK);
  CHECK_NEAR(material.alpha_cutoff, 127.0f / 255);
  CHECK(material.base_texture == 0 && material.normal_texture == 1 && material.double_sided == 0);
  CHECK(anmkit_figure_material_get(figure, 0, &material, &error) == ANMKIT_OK);
  CHECK(material.alpha_mode == ANMKIT_ALPHA_OPAQUE && material.double_sided == 1 && material.base_texture == -1);
  CHECK_NEAR(material.base_colour[0], 230.0f / 255);
  CHECK(anmkit_figure_material_get(figure, 3, &material, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "material 3 of 3");

  texture.struct_size = sizeof texture;
  CHECK(anmkit_figure_texture_get(figure, 0, &texture, &error) == ANMKIT_OK);
  CHECK(memcmp(texture.name, "tiger_ii_track", 15) == 0);
#if defined(_WIN32) /* the file system finds the name as the .mtl spells it: no listing needed */
  CHECK_STR(texture.path, path_of(vehicles, "e-75\\tiger_ii_track.dds"));
#else
  CHECK_STR(texture.path, path_of(vehicles, "e-75/Tiger_II_track.dds"));
#endif
  CHECK(texture.width == 256 && texture.height == 256 && texture.rgba_size == 256 * 256 * 4);
  CHECK(anmkit_figure_texture_get(figure, 2, &texture, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "texture 2 of 2");

  /* trackl.ply: skinned to itself, body and basis; every vertex's weights sum to 1, its joints
   * are places in the skin. */
  mesh.struct_size = sizeof mesh;
  CHECK(anmkit_figure_mesh_get(figure, 36, &mesh, &error) == ANMKIT_OK);
  CHECK(memcmp(mesh.name, "trackl.ply", 11) == 0 && mesh.vertex_count == 959 && mesh.joint == 57);
  CHECK(mesh.skin_size == 3 && mesh.skin != NULL && mesh.skin[0] == 57 && mesh.skin[1] == 1 && mesh.skin[2] == 0);
  CHECK(mesh.joints != NULL && mesh.weights != NULL);
  if (mesh.joints != NULL && mesh.weights != NULL) {
    for (v = 0; v < mesh.vertex_count; ++v) {
      const float* w = mesh.weights + 4 * v;
      const uint16_t* j = mesh.joints + 4 * v;
      sums += fabs(w[0] + w[1] + w[2] + w[3] - 1.0) < 1e-6;
      places += j[0] < 3 && j[1] < 3 && j[2] < 3 && j[3] < 3;
    }
  }
  CHECK(sums == 959 && places == 959);
  anmkit_figure_free(figure);

  /* no_meshes: the skeleton alone. */
  anmkit_open_options_init(&options);
  options.no_meshes = 1;
  figure = open_figure(path_of(vehicles, "e-75/e-75.mdl"), &options, &warnings);
  CHECK(anmkit_figure_joint_count(figure) == 79 && anmkit_figure_mesh_count(figure) == 0);
  CHECK(anmkit_figure_material_count(figure) == 0 && anmkit_figure_texture_count(figure) == 0);
  CHECK(anmkit_diagnostics_count(warnings) == 0);
  anmkit_diagnostics_free(warnings);
  anmkit_figure_free(figure);
}

/* The e-75's collision volumes (options.volumes): its 23 {Volume}s after its 47 meshes, each on
 * its bone with the one translucent material; a box's corner to the bit, from the .mdl's numbers
 * (e-75.mdl: {Volume "crew" {Box 11.6162 21.6746 29.8726} {Bone "body"} {Position -2.1711 2.11278
 * 23.0563}}, the box centred, its sizes whole); body1.vol's counts from its bytes. A caller built
 * before the fields existed gets no volumes and its struct untouched past its size. */
static void test_e75_volumes(void) {
  anmkit_figure* figure;
  anmkit_diagnostics* warnings = NULL;
  anmkit_error error;
  anmkit_mesh mesh;
  anmkit_primitive primitive;
  anmkit_material material;
  anmkit_open_options options;
  size_t size = 0, m, collisions = 0;
  unsigned char* vol = read_file(path_of(vehicles, "e-75/body1.vol"), &size);

  CHECK(vol != NULL && size > 12);
  if (vol == NULL) return;
  anmkit_open_options_init(&options);
  CHECK(options.volumes == 0);
  options.volumes = 1;
  figure = open_figure(path_of(vehicles, "e-75/e-75.mdl"), &options, &warnings);
  CHECK(anmkit_figure_mesh_count(figure) == 47 + 23 && anmkit_figure_material_count(figure) == 4);
  CHECK(anmkit_diagnostics_count(warnings) == 2); /* the two missing textures, as without volumes */
  anmkit_diagnostics_free(warnings);
  mesh.struct_size = sizeof mesh;
  for (m = 0; m < anmkit_figure_mesh_count(figure); ++m) {
    CHECK(anmkit_figure_mesh_get(figure, m, &mesh, &error) == ANMKIT_OK);
    collisions += mesh.collision == 1;
    CHECK(mesh.collision == (m >= 47));
  }
  CHECK(collisions == 23);

  material.struct_size = sizeof material;
  CHECK(anmkit_figure_material_get(figure, 3, &material, &error) == ANMKIT_OK);
  CHECK(material.name_size == 16 && memcmp(material.name, "collision volume", 17) == 0);
  CHECK(material.alpha_mode == ANMKIT_ALPHA_BLEND && material.double_sided == 1 && material.base_texture == -1);
  CHECK(material.base_colour[0] == 1.0f && material.base_colour[1] == 0.35f && material.base_colour[2] == 0.1f &&
        material.base_colour[3] == 0.35f);

  /* body1: body1.vol's VERT count and INDX count, on bone 1 (body), no normals or uvs. */
  CHECK(anmkit_figure_mesh_get(figure, 47, &mesh, &error) == ANMKIT_OK);
  CHECK(mesh.name_size == 5 && memcmp(mesh.name, "body1", 6) == 0 && mesh.joint == 1 && mesh.shown == 1);
  CHECK(memcmp(vol + 4, "VERT", 4) == 0 && mesh.vertex_count == u32_at(vol + 8) && mesh.vertex_count == 18);
  CHECK(mesh.normals == NULL && mesh.uvs == NULL && mesh.skin == NULL && mesh.primitive_count == 1);
  primitive.struct_size = sizeof primitive;
  CHECK(anmkit_figure_primitive_get(figure, 47, 0, &primitive, &error) == ANMKIT_OK);
  CHECK(memcmp(vol + 12 + 12 * 18, "INDX", 4) == 0 && primitive.index_count == u32_at(vol + 12 + 12 * 18 + 4));
  CHECK(primitive.index_count == 96 && primitive.material == 3);

  /* crew (the third volume): corner 7, +x +y +z, centre + size / 2 in float as the library forms it. */
  CHECK(anmkit_figure_mesh_get(figure, 49, &mesh, &error) == ANMKIT_OK);
  CHECK(mesh.name_size == 4 && memcmp(mesh.name, "crew", 5) == 0 && mesh.vertex_count == 8);
  if (mesh.vertex_count == 8) {
    CHECK(mesh.positions[21] == (float)((double)(11.6162f * 0.5f) + (double)-2.1711f));
    CHECK(mesh.positions[22] == (float)((double)(21.6746f * 0.5f) + (double)2.11278f));
    CHECK(mesh.positions[23] == (float)((double)(29.8726f * 0.5f) + (double)23.0563f));
    CHECK(fabs(mesh.positions[23] - 37.9926) < 1e-4); /* the crew box's roof in the hull's frame */
  }

  /* A caller built before `collision`: the field is not written. */
  mesh.struct_size = offsetof(anmkit_mesh, collision);
  mesh.collision = 7;
  CHECK(anmkit_figure_mesh_get(figure, 49, &mesh, &error) == ANMKIT_OK);
  CHECK(mesh.collision == 7 && mesh.vertex_count == 8);
  anmkit_figure_free(figure);

  /* ... and before `volumes`: whatever lies past its options is not read, and no volume is drawn. */
  options.struct_size = offsetof(anmkit_open_options, volumes);
  options.volumes = 1;
  figure = open_figure(path_of(vehicles, "e-75/e-75.mdl"), &options, &warnings);
  CHECK(anmkit_figure_mesh_count(figure) == 47 && anmkit_figure_material_count(figure) == 3);
  anmkit_diagnostics_free(warnings);
  anmkit_figure_free(figure);
  free(vol);
}

/* The pzh2000's left track: trackL.anm's mesh keys as morph targets (a key on each of its 13
 * frames, key k showing target k), each target the frame's vertices less the mesh's. And the
 * shared textures looked for under texture_dir. */
static void test_pzh2000(void) {
  anmkit_figure* figure;
  anmkit_document* track = NULL;
  anmkit_diagnostics* warnings = NULL;
  anmkit_diagnostic warning;
  anmkit_error error;
  anmkit_mesh_morphs morphs;
  anmkit_morph_target target;
  anmkit_mesh mesh;
  anmkit_open_options options;
  size_t animation = 99, size = 0, key, at, k, same = 0;
  unsigned char* anm = read_file(path_of(vehicles, "pzh2000_x/trackL.anm"), &size);
  char expected[1200];

  CHECK(anm != NULL);
  if (anm == NULL) return;
  figure = open_figure(path_of(vehicles, "pzh2000_x/pzh2000_x.mdl"), NULL, &warnings);
  CHECK(anmkit_diagnostics_count(warnings) == 4);
  anmkit_diagnostics_free(warnings);
  CHECK(anmkit_open_file(path_of(vehicles, "pzh2000_x/trackL.anm"), NULL, &track, &error) == ANMKIT_OK);
  CHECK(anmkit_figure_add_mesh_animation(figure, track, "break", &animation, &warnings, &error) == ANMKIT_OK);
  CHECK(animation == 0 && anmkit_diagnostics_count(warnings) == 0);
  anmkit_diagnostics_free(warnings);
  CHECK(anmkit_figure_animation_count(figure) == 1 && anmkit_figure_morphs_count(figure, 0) == 1);
  morphs.struct_size = sizeof morphs;
  CHECK(anmkit_figure_morphs_get(figure, 0, 0, &morphs, &error) == ANMKIT_OK);
  CHECK(morphs.mesh == 36 && morphs.key_count == 13 && morphs.keys != NULL);
  for (key = 0; key < morphs.key_count; ++key) {
    same += morphs.keys[key].frame == key && morphs.keys[key].target == (int32_t)key;
  }
  CHECK(same == 13);
  CHECK(anmkit_figure_morphs_get(figure, 0, 1, &morphs, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "morphed mesh 1 of 1");

  mesh.struct_size = sizeof mesh;
  CHECK(anmkit_figure_mesh_get(figure, 36, &mesh, &error) == ANMKIT_OK);
  CHECK(memcmp(mesh.name, "trackl.ply", 11) == 0 && mesh.vertex_count == 410 && mesh.target_count == 13);
  target.struct_size = sizeof target;
  CHECK(anmkit_figure_target_get(figure, 36, 3, &target, &error) == ANMKIT_OK);
  CHECK(target.name_size == 7 && memcmp(target.name, "break 3", 8) == 0);
  CHECK(target.vertex_count == 410 && target.positions != NULL && target.normals != NULL);
  CHECK(anmkit_figure_target_get(figure, 36, 13, &target, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "morph target 13 of 13");
  CHECK(anmkit_figure_target_get(figure, 37, 0, &target, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "mesh 37 of 37");

  /* Frame 1's chunk (gem-anm.notes.md: FRM2, u16 frame 1, u8 one key, u8 bone 0, u16 flags
   * 0x20: a mesh key alone), then its payload: u32 byte count, u32 first vertex 0, u16 vertex
   * count 410, u16 has-bbox, then 410 records of 56 bytes from their positions. Target 1 is it
   * less the mesh. */
  {
    static const unsigned char frame_1[10] = {'F', 'R', 'M', '2', 1, 0, 1, 0, 0x20, 0};
    at = find_bytes(anm, size, 0, frame_1, sizeof frame_1);
  }
  CHECK(at != 0 && at + 10 + 12 + 410 * 56 <= size);
  if (at != 0) {
    at += 10;
    CHECK(u32_at(anm + at + 4) == 0 && u16_at(anm + at + 8) == 410 && u32_at(anm + at) >= 8 + 410 * 56);
    if (at + 12 + 410 * 56 > size) at = 0;
  }
  CHECK(anmkit_figure_target_get(figure, 36, 1, &target, &error) == ANMKIT_OK);
  same = 0;
  for (k = 0; k < 410 && at != 0; ++k) {
    const unsigned char* record = anm + at + 12 + 56 * k;
    size_t axis;
    int all = 1;
    for (axis = 0; axis < 3; ++axis) {
      all &= target.positions[3 * k + axis] == f32_at(record + 4 * axis) - mesh.positions[3 * k + axis];
    }
    same += (size_t)all;
  }
  CHECK(same == 410);

  /* A second animation of the same file: targets 13 .. 25, named after the file; the first
   * animation's keys and names stay where they were. */
  {
    const anmkit_morph_key* first_keys = morphs.keys;
    anmkit_morph_target first;
    first.struct_size = sizeof first;
    CHECK(anmkit_figure_target_get(figure, 36, 3, &first, &error) == ANMKIT_OK);
    CHECK(anmkit_figure_add_mesh_animation(figure, track, NULL, &animation, NULL, &error) == ANMKIT_OK);
    CHECK(animation == 1 && anmkit_figure_animation_count(figure) == 2);
    CHECK(anmkit_figure_morphs_get(figure, 1, 0, &morphs, &error) == ANMKIT_OK);
    CHECK(morphs.key_count == 13 && morphs.keys[0].frame == 0 && morphs.keys[0].target == 13 &&
          morphs.keys[12].target == 25);
    CHECK(anmkit_figure_target_get(figure, 36, 25, &target, &error) == ANMKIT_OK);
    CHECK(target.name_size == 9 && memcmp(target.name, "trackL 12", 10) == 0);
    CHECK(first_keys[12].frame == 12 && first.name_size == 7 && memcmp(first.name, "break 3", 8) == 0);
  }
  anmkit_free(track);
  anmkit_figure_free(figure);

  /* texture_dir: the "$/" textures are looked for there, then under its common/. */
  anmkit_open_options_init(&options);
  options.texture_dir = scratch;
  figure = open_figure(path_of(vehicles, "pzh2000_x/pzh2000_x.mdl"), &options, &warnings);
  CHECK(anmkit_diagnostics_count(warnings) == 4);
  warning.struct_size = sizeof warning;
  CHECK(anmkit_diagnostics_get(warnings, 2, &warning, &error) == ANMKIT_OK);
#if defined(_WIN32)
#define SEP "\\"
#else
#define SEP "/"
#endif
  snprintf(expected, sizeof expected,
           "material 'tracks.mtl': diffuse texture '$/vehicle2/puma_track_dif' not found (looked for "
           "%s" SEP "vehicle2" SEP "puma_track_dif.dds, %s" SEP "vehicle2" SEP "puma_track_dif.tga, %s" SEP "common" SEP
           "vehicle2" SEP "puma_track_dif.dds, %s" SEP "common" SEP "vehicle2" SEP "puma_track_dif.tga); drawn without it",
           scratch, scratch, scratch, scratch);
#undef SEP
  CHECK_STR(warning.message, expected);
  anmkit_diagnostics_free(warnings);
  anmkit_figure_free(figure);
  free(anm);
}

int main(int argc, char** argv) {
  const char* corpus = getenv("ANMKIT_CORPUS_DIR");
  const char* required = getenv("ANMKIT_REQUIRE_EXTERNALS");
  static char from_env[1024];
  struct stat folder;
  int present;
  if (argc != 4) {
    fprintf(stderr, "usage: anmkit_capi_figure_test EXAMPLES_DIR VEHICLES_DIR SCRATCH_DIR\n");
    return 2;
  }
  examples = argv[1];
  vehicles = argv[2];
  scratch = argv[3];
  if (corpus != NULL && *corpus != '\0') {
    snprintf(from_env, sizeof from_env, "%s/gem-vehicles", corpus);
    vehicles = from_env;
  }
  test_arguments();
  present = stat(vehicles, &folder) == 0 && S_ISDIR(folder.st_mode);
  if (present) {
    test_e25();
    test_e25_wanted();
    test_e75();
    test_e75_volumes();
    test_pzh2000();
  }
  printf("%d checks: %d passed, %d failed\n", checks, checks - failures, failures);
  if (failures != 0) return 1;
  if (!present) {
    const int fail = required != NULL && *required != '\0' && strcmp(required, "0") != 0;
    fprintf(stderr, "%s: missing the corpus folder %s%s\n", fail ? "failed" : "skipped", vehicles,
            fail ? "; ANMKIT_REQUIRE_EXTERNALS is set" : "");
    return fail ? 1 : 77;
  }
  return 0;
}
