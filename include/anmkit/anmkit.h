/* anmkit's C API: the front door (anmkit.hpp) for C, ctypes, C#, Rust and WebAssembly.
 *
 *   anmkit_document* doc = NULL;
 *   anmkit_error error;
 *   if (anmkit_open_file("turret.anm", NULL, &doc, &error) != ANMKIT_OK) {
 *     fprintf(stderr, "%s: %s\n", error.file, error.message);
 *     return 1;
 *   }
 *   printf("%s %s\n", anmkit_format(doc), anmkit_version(doc));
 *   anmkit_free(doc);
 *
 * Conventions, the same for every function:
 * - A function that can fail returns an anmkit_status: ANMKIT_OK (0), or the code of the error it
 *   also writes into `error` when `error` is not NULL. Nothing is thrown and nothing aborts: every
 *   function catches what the library below it might raise (an allocation that fails included).
 * - Handles (anmkit_document, anmkit_diagnostics, anmkit_sampler, anmkit_exported,
 *   anmkit_figure, anmkit_files) are opaque and owned by the caller, who frees each with its own function;
 *   freeing NULL does nothing. A document is immutable: functions that change one return a new
 *   document and leave the old one as it was. A document may be read from several threads at
 *   once; a sampler belongs to one thread.
 * - Option and information structs begin with `struct_size`, which the caller sets to
 *   sizeof(the struct) (the *_init functions do it), so that later versions can add fields at the
 *   end: the library reads and writes only the fields that fit in the size it is given.
 * - Strings given to the library are NUL-terminated bytes (paths as the system takes them).
 *   Names coming from files are bytes, not necessarily UTF-8, and are returned with their size.
 * - Memory the library allocates for the caller (anmkit_write, anmkit_to_json, ...) is released
 *   with anmkit_bytes_free; pointers into a document stay valid until that document is freed.
 */
#ifndef ANMKIT_H
#define ANMKIT_H

#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32) && defined(ANMKIT_C_BUILD)
#define ANMKIT_API __declspec(dllexport)
#elif defined(_WIN32)
#define ANMKIT_API
#elif defined(__GNUC__)
#define ANMKIT_API __attribute__((visibility("default")))
#else
#define ANMKIT_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Errors ------------------------------------------------------------------------------ */

/* Stable codes: their numbers never change. 1 .. 10, 14 and 15 are the library's own
 * (core/error.hpp), 11 .. 13 the C API's. */
typedef enum anmkit_status {
  ANMKIT_OK = 0,
  ANMKIT_ERROR_IO = 1,               /* a file could not be read or written */
  ANMKIT_ERROR_TRUNCATED = 2,        /* the data ends before a field that must be there */
  ANMKIT_ERROR_BAD_MAGIC = 3,        /* the data does not start with the expected signature */
  ANMKIT_ERROR_BAD_VALUE = 4,        /* a field holds a value the format does not allow */
  ANMKIT_ERROR_TOO_LARGE = 5,        /* a count or size past the bytes that remain or a limit */
  ANMKIT_ERROR_UNKNOWN_CHUNK = 6,    /* a chunk tag that is not valid at its place */
  ANMKIT_ERROR_UNSUPPORTED = 7,      /* valid input this operation cannot handle */
  ANMKIT_ERROR_INVALID_MODEL = 8,    /* a model that breaks the format's rules */
  ANMKIT_ERROR_JSON = 9,             /* JSON that is malformed or does not follow the schema */
  ANMKIT_ERROR_UNKNOWN_FORMAT = 10,  /* content that no format recognises */
  ANMKIT_ERROR_INVALID_ARGUMENT = 11, /* a NULL where a value is needed, an index out of range,
                                        a struct_size too small, an unknown option value */
  ANMKIT_ERROR_BUFFER_TOO_SMALL = 12, /* a caller's buffer cannot hold the result */
  ANMKIT_ERROR_WRONG_KIND = 13,       /* a skeletal call on a sprite document, or the reverse */
  ANMKIT_ERROR_OUT_OF_MEMORY = 14,    /* an allocation failed */
  ANMKIT_ERROR_INTERNAL = 15          /* a bug: something the library did not expect of itself */
} anmkit_status;

#define ANMKIT_ERROR_TEXT 1024
#define ANMKIT_ERROR_SETTINGS 4

typedef struct anmkit_error {
  int32_t code;        /* an anmkit_status; ANMKIT_OK when there was no error */
  int32_t has_offset;  /* 1 when `offset` is a byte offset into the binary input */
  uint64_t offset;
  char pointer[256];   /* a JSON pointer into a JSON input ("" when none); cut to fit */
  char file[ANMKIT_ERROR_TEXT];     /* the file or name the error is about ("" when none) */
  char message[ANMKIT_ERROR_TEXT];  /* what was expected; cut to fit, always NUL-terminated */
  /* The settings the message names, for a front end that words them its own way: their names
   * ("limits.max_frames", "skeleton", "fps", a format's own option "nodes"), each ended by a NUL,
   * then a NUL; the i-th is said by the message's bytes setting_at[i] .. setting_at[i] +
   * setting_size[i] ("limits.max_frames" in "... (limits.max_frames)"). At most
   * ANMKIT_ERROR_SETTINGS, in the message's order; one that the cut message does not hold whole
   * is left out. */
  char settings[128];
  uint32_t setting_at[ANMKIT_ERROR_SETTINGS];
  uint32_t setting_size[ANMKIT_ERROR_SETTINGS];
} anmkit_error;

/* The stable name of a code ("io", "truncated", ..., "invalid_argument"); "" for no code. */
ANMKIT_API const char* anmkit_status_name(int32_t code);

/* ---- The library ------------------------------------------------------------------------- */

/* "MAJOR.MINOR.PATCH" of this library. Static storage. */
ANMKIT_API const char* anmkit_library_version(void);

/* The registered formats ("gem", "lm", "mm2"), in registry order. Static storage; NULL past the
 * end. */
ANMKIT_API const char* anmkit_format_name(size_t index);

/* One of the formats' own options, as the registry declares it (every format's, each name once). */
typedef enum anmkit_option_kind {
  ANMKIT_OPTION_WHOLE = 0,   /* a whole number from 0 to `max` */
  ANMKIT_OPTION_CHOICE = 1,  /* one of `choices` (the first is the default) */
  ANMKIT_OPTION_FLAG = 2     /* "true" or "false" */
} anmkit_option_kind;

typedef struct anmkit_format_option {
  size_t struct_size;
  const char* name;         /* "nodes", "rotation-unit" (static storage) */
  const char* help;
  int32_t kind;             /* an anmkit_option_kind */
  int32_t when_opening;     /* 1: anmkit_open_options takes it */
  int32_t when_importing;   /* 1: anmkit_gltf_import_options takes it */
  int32_t excludes_skeleton; /* 1: it stands in for what the skeleton file gives */
  uint64_t max;             /* ANMKIT_OPTION_WHOLE: the largest value */
  const char* choices;      /* ANMKIT_OPTION_CHOICE: the values, each ended by a NUL, then a NUL */
} anmkit_format_option;

/* Option `index` (0 ..); ANMKIT_ERROR_INVALID_ARGUMENT past the last. */
ANMKIT_API anmkit_status anmkit_format_option_get(size_t index, anmkit_format_option* out, anmkit_error* error);

/* The range the library accepts for one of its own numbers, by name: "fps" and "tick_hz" (of
 * anmkit_open_options), "tolerance" (of anmkit_gltf_import_options); both ends included. For a
 * front end's own fields (a slider, a spin box), so that it offers what the library takes.
 * ANMKIT_ERROR_INVALID_ARGUMENT for another name or a NULL pointer. */
ANMKIT_API anmkit_status anmkit_setting_range(const char* name, double* min, double* max, anmkit_error* error);

/* What a registered format is, as the registry knows it. Every string is static storage; the
 * lists are their items, each ended by a NUL, then a NUL. */
typedef struct anmkit_format_info {
  size_t struct_size;
  const char* name;                /* "gem", "lm", "mm2" */
  const char* title;               /* "GEM skeletal animation (EANM)", ... */
  int32_t skeletal;                /* 1: anmkit_clip_info and the sampler apply */
  int32_t sprite;                  /* 1: anmkit_sprite_info ... apply */
  const char* skeleton_extension;  /* the model file that gives its skeleton (".mdl", ".bin"; "" for none) */
  int32_t skeleton_lists_animations; /* 1: the model file lists its animations' files */
  int32_t whole_frames_only;       /* 1: poses are defined at whole frames only */
  const char* convert_targets;     /* what anmkit_convert accepts for it */
  const char* import_targets;      /* what a glTF can be written as (anmkit_from_gltf's target) */
} anmkit_format_info;

/* Format `index` (0 .., the order of anmkit_format_name); ANMKIT_ERROR_INVALID_ARGUMENT past the last. */
ANMKIT_API anmkit_status anmkit_format_info_get(size_t index, anmkit_format_info* out, anmkit_error* error);

/* The format the bytes are, by content (never by name): a name of anmkit_format_name, or NULL
 * when none recognises them. */
ANMKIT_API const char* anmkit_detect(const void* bytes, size_t size);

/* ---- The structs' layouts ---------------------------------------------------------------- */

/* Every struct of this header as this build lays it out (sizeof and offsetof, computed by the
 * compiler), as one JSON object, for bindings that cannot include the header (ctypes, the
 * WebAssembly page) to check their layouts against or take them from:
 *   {"pointer_size":8,"structs":[{"name":"anmkit_error","size":2480,"align":8,"fields":[
 *     {"name":"code","offset":0,"size":4,"type":"i32"}, ...]}, ...]}
 * Structs and fields in header order. A type is u8 .. u64, i8 .. i64, f32, f64, char or ptr, or
 * TYPE[COUNT] for an array. Static storage. */
ANMKIT_API const char* anmkit_abi_layout(void);

/* ---- Opening ----------------------------------------------------------------------------- */

/* A value for one of a format's own options (anmkit_format_option_get lists them): its name and
 * its value as text ("12", "turn4096", "true"). */
typedef struct anmkit_format_setting {
  const char* name;
  const char* value;
} anmkit_format_setting;

/* Files handed to the library as bytes (a browser's picked folder, an archive the caller
 * unpacked): where every file an opening reads is found (the input by its path, the skeleton,
 * and what they name), as the game finds files on disk: `\` or `/`, either case, "$/..." in
 * texture_dir, never out of a file's folder but into reference_roots. Names are relative paths
 * ("e-25/e-25.mdl"), as the paths given to the calls are. */
typedef struct anmkit_files anmkit_files;

/* A new, empty set of files, freed with anmkit_files_free once no options name it. */
ANMKIT_API anmkit_status anmkit_files_new(anmkit_files** out, anmkit_error* error);
/* Adds the file `name` (UTF-8, `size` bytes at `data`; a name given twice takes the last bytes).
 * ANMKIT_ERROR_BAD_VALUE for a name that is empty, absolute, or has an empty, "." or ".." part. */
ANMKIT_API anmkit_status anmkit_files_add(anmkit_files* files, const char* name, const void* data, size_t size,
                                          anmkit_error* error);
/* Names the file `name` without its bytes (a picked file not read yet): found by name as any
 * other, while reading it fails ("its name was handed over, not its bytes") until anmkit_files_add
 * gives them; anmkit_document_files_wanted lists the ones a figure needs. A name given already
 * keeps its bytes. Errors as anmkit_files_add's. */
ANMKIT_API anmkit_status anmkit_files_declare(anmkit_files* files, const char* name, anmkit_error* error);
ANMKIT_API void anmkit_files_free(anmkit_files* files);

typedef struct anmkit_open_options {
  size_t struct_size;
  /* Limits on what a reader accepts; 0 takes the default (docs/SECURITY.md has the table). */
  uint64_t max_input_bytes;
  uint64_t max_keys;
  uint64_t max_pixels;
  uint32_t max_frames;
  uint32_t max_bones;
  uint32_t max_sequences;
  const char* skeleton;        /* the paired model file (GEM .mdl, LM .bin), or NULL; read from `files`, for anmkit_open_memory too */
  double fps;                  /* skeletal formats store none; 0 takes 30 */
  double tick_hz;              /* sprites: game ticks per second; 0 takes 60 */
  /* The formats' own options that apply when opening (`when_opening`), e.g. LM's "nodes" and
   * "rotation-unit": `format_setting_count` settings at `format_settings` (NULL when 0). */
  const anmkit_format_setting* format_settings;
  size_t format_setting_count;
  /* Folders under which the files a model names (a .mdl's sequences) may lie, besides the
   * model's own folder: `reference_root_count` paths at `reference_roots` (NULL when 0). A name
   * leading elsewhere ("../../x.anm", a link out) is refused. */
  const char* const* reference_roots;
  size_t reference_root_count;
  /* 1 leaves what a model shows (GEM: the .mdl's meshes, materials and textures) out of its glTF
   * (anmkit_model_to_gltf, anmkit_to_gltf with a skeleton), its summary and its figure
   * (anmkit_figure_open): the skeleton and the animations alone. 0 (init): shown. */
  int32_t no_meshes;
  /* The game's shared texture folder (GEM: resource/texture), where textures named "$/..." are
   * looked for, then under its common/; NULL: such a texture is reported missing. */
  const char* texture_dir;
  /* 1 adds, with the meshes, the model's collision volumes (GEM: the .mdl's {Volume}s) to its glTF
   * and its figure: each a translucent mesh on its bone (anmkit_mesh.collision). 0 (init): none. */
  int32_t volumes;
  /* Where every file is read from; NULL: the disk. Must outlive the calls that take the options
   * (a document opened with it reads through it again for its glTF). */
  const anmkit_files* files;
  /* The kinds of game file anmkit_open_file and anmkit_open_memory take (ANMKIT_KIND_* or'ed): a
   * file of another kind is ANMKIT_ERROR_UNKNOWN_FORMAT, in words that say what it is ("not an
   * animation but a GEM mesh (.ply)"). 0 (init): animations alone. */
  uint32_t kinds;
  /* The deepest nesting of JSON input (anmkit_from_json's dump); 0 takes the default (64). */
  uint32_t max_json_depth;
} anmkit_open_options;

/* What an opened file is (anmkit_kind): an animation, a model that gives animations their
 * skeleton and names them (GEM .mdl, LM .bin), or a resource a model shows or reads (GEM .ply,
 * .mtl, .vol, the armour .mdl). */
#define ANMKIT_KIND_ANIMATION 1u
#define ANMKIT_KIND_MODEL 2u
#define ANMKIT_KIND_RESOURCE 4u
#define ANMKIT_KIND_ANY 7u

/* A kind of file a format reads, as its entry registers it: what a front end lists, filters and
 * counts files by (a file list, a file browser's filter), so that it names no extension. Every
 * string is static storage. */
typedef struct anmkit_file_kind {
  size_t struct_size;
  const char* format;     /* "gem" */
  const char* name;       /* "animation", "model", "mesh", "material", "texture", ...: stable */
  const char* extension;  /* lower case, with the dot: ".anm" */
  /* The ANMKIT_KIND_* anmkit_open_file makes of one, with that kind asked for; 0: a file the
   * format knows but does not open (a texture, an entity script). */
  uint32_t opens_as;
} anmkit_file_kind;

/* File kind `index` (0 ..): every format's, in registry order; within a format its animations,
 * its model, then its other files in the order a model names them. An extension may be listed
 * twice (GEM's .mdl: a model, or an armour file, which its content tells apart).
 * ANMKIT_ERROR_INVALID_ARGUMENT past the last. */
ANMKIT_API anmkit_status anmkit_file_kind_get(size_t index, anmkit_file_kind* out, anmkit_error* error);

/* Fills `options` with the defaults and sets its struct_size. */
ANMKIT_API void anmkit_open_options_init(anmkit_open_options* options);

typedef struct anmkit_document anmkit_document;

/* Reads the file at `path` and opens it by content. On success *out is a new document the caller
 * frees with anmkit_free; on failure *out is NULL. `options` may be NULL (the defaults). */
ANMKIT_API anmkit_status anmkit_open_file(const char* path, const anmkit_open_options* options,
                                          anmkit_document** out, anmkit_error* error);

/* Opens `size` bytes at `bytes` (copied: the caller keeps its buffer). `name` (may be NULL) is
 * used in messages. Ownership of *out as for anmkit_open_file. */
ANMKIT_API anmkit_status anmkit_open_memory(const void* bytes, size_t size, const char* name,
                                            const anmkit_open_options* options, anmkit_document** out,
                                            anmkit_error* error);

/* The document a JSON dump describes (the exact inverse of anmkit_to_json; errors carry the
 * JSON pointer). Ownership of *out as for anmkit_open_file. */
ANMKIT_API anmkit_status anmkit_from_json(const char* json, size_t size, const char* name,
                                          const anmkit_open_options* options, anmkit_document** out,
                                          anmkit_error* error);

/* Releases a document and everything it handed out (names, versions). NULL does nothing. */
ANMKIT_API void anmkit_free(anmkit_document* document);

/* ---- What it is -------------------------------------------------------------------------- */

/* "gem", "lm" or "mm2" (static storage); "" for NULL. */
ANMKIT_API const char* anmkit_format(const anmkit_document* document);
/* What the document is: "animation", "model" or "resource" (static strings). A model's and a
 * resource's summary, diagnostics, bytes and (a resource's) JSON come from the calls an animation's
 * do; a call that does not apply to its kind is ANMKIT_ERROR_UNSUPPORTED, saying what it is. */
ANMKIT_API const char* anmkit_kind(const anmkit_document* document);
/* "4.0", "6.0", "6.1" (GEM), "2" (LM); "" when the format has none. Owned by the document. */
ANMKIT_API const char* anmkit_version(const anmkit_document* document);
/* The glTF import target that writes a file as this one is ("gem-6.1-frm3", "lm"); "" when a
 * glTF cannot be written as its format. Owned by the document. */
ANMKIT_API const char* anmkit_import_target(const anmkit_document* document);
/* 1 when the document is skeletal (anmkit_clip_info and the sampler apply), else 0. */
ANMKIT_API int anmkit_is_skeletal(const anmkit_document* document);
/* 1 when the document is a sprite animation (anmkit_sprite_info ... apply), else 0. */
ANMKIT_API int anmkit_is_sprite(const anmkit_document* document);

/* ---- Validation -------------------------------------------------------------------------- */

typedef struct anmkit_diagnostics anmkit_diagnostics;

typedef enum anmkit_severity { ANMKIT_SEVERITY_WARNING = 0, ANMKIT_SEVERITY_ERROR = 1 } anmkit_severity;

typedef struct anmkit_diagnostic {
  size_t struct_size;
  int32_t severity;        /* an anmkit_severity */
  int32_t has_offset;      /* 1 when `offset` is a byte offset in the file */
  uint64_t offset;
  const char* id;          /* stable, e.g. "gem.key-past-end" */
  const char* message;
  const char* pointer;     /* JSON pointer into the document's dump ("" when none) */
  /* The settings the message names, as anmkit_error's: their names, each ended by a NUL, then a
   * NUL ("" when none; owned by the list); the i-th is said by the message's bytes
   * setting_at[i] .. setting_at[i] + setting_size[i]. At most ANMKIT_ERROR_SETTINGS. */
  const char* settings;
  uint32_t setting_at[ANMKIT_ERROR_SETTINGS];
  uint32_t setting_size[ANMKIT_ERROR_SETTINGS];
} anmkit_diagnostic;

/* The format's rules applied to the document: *out is a new list (possibly empty) the caller
 * frees with anmkit_diagnostics_free. */
ANMKIT_API anmkit_status anmkit_validate(const anmkit_document* document, anmkit_diagnostics** out,
                                         anmkit_error* error);
ANMKIT_API size_t anmkit_diagnostics_count(const anmkit_diagnostics* diagnostics);
/* The count of diagnostics of that severity. */
ANMKIT_API size_t anmkit_diagnostics_count_severity(const anmkit_diagnostics* diagnostics, int32_t severity);
/* Finding `index` (0 .. count - 1). The strings stay valid until the list is freed. */
ANMKIT_API anmkit_status anmkit_diagnostics_get(const anmkit_diagnostics* diagnostics, size_t index,
                                                anmkit_diagnostic* out, anmkit_error* error);
ANMKIT_API void anmkit_diagnostics_free(anmkit_diagnostics* diagnostics);

/* ---- Writing ----------------------------------------------------------------------------- */

/* The file's bytes (byte-identical to the input when unchanged). *bytes is allocated for the
 * caller, who releases it with anmkit_bytes_free. */
ANMKIT_API anmkit_status anmkit_write(const anmkit_document* document, uint8_t** bytes, size_t* size,
                                      anmkit_error* error);

typedef struct anmkit_save_options {
  size_t struct_size;
  int32_t overwrite_source;  /* 1 allows `path` to be the file the document was opened from */
} anmkit_save_options;

ANMKIT_API void anmkit_save_options_init(anmkit_save_options* options);

/* Writes the file to `path` through a temporary file renamed into place; refuses to replace the
 * file the document was opened from unless options->overwrite_source. `options` may be NULL. */
ANMKIT_API anmkit_status anmkit_save(const anmkit_document* document, const char* path,
                                     const anmkit_save_options* options, anmkit_error* error);

/* The lossless JSON dump (docs/json-schema.md), pretty (the CLI's layout) when `pretty` is 1,
 * else on one line. *json is NUL-terminated, *size excludes the NUL; release with
 * anmkit_bytes_free. */
ANMKIT_API anmkit_status anmkit_to_json(const anmkit_document* document, int pretty, char** json, size_t* size,
                                        anmkit_error* error);

/* What `anmkit info` prints: text (several lines) or, when `as_json` is 1, one JSON object.
 * Ownership as for anmkit_to_json. */
ANMKIT_API anmkit_status anmkit_summary(const anmkit_document* document, int as_json, char** text, size_t* size,
                                        anmkit_error* error);

/* glTF 2.0 of a skeletal document (.glb when `binary` is 1, else .gltf JSON with its buffer
 * embedded). Ownership as for anmkit_write. */
ANMKIT_API anmkit_status anmkit_to_gltf(const anmkit_document* document, int binary, uint8_t** bytes, size_t* size,
                                        anmkit_error* error);

/* ---- glTF back into a game file, and model files --------------------------------------- */

typedef struct anmkit_gltf_import_options {
  size_t struct_size;
  const char* target;              /* required: one of the format's import targets ("gem-6.0", "lm", ...) */
  const char* animation;           /* the glTF animation, by name or index; NULL: the first */
  double fps;                      /* when the glTF does not record it; 0 takes 30 */
  float tolerance;                 /* how far a value may move and still count as unchanged; 0 takes 1e-6 */
  const anmkit_document* base;     /* the original file (docs/gltf.md, "--base"), or NULL. Borrowed:
                                      anmkit_from_gltf keeps its own reference, the caller may free it after */
  const char* folder;              /* where the glTF's external buffers are; NULL: none are read */
  uint64_t max_input_bytes;        /* the cap on the glTF and its buffers together; 0 takes the default */
  /* The target format's own options that apply to an import (`when_importing`), e.g. LM's
   * "dense" and "rotation-unit", as in anmkit_open_options. */
  const anmkit_format_setting* format_settings;
  size_t format_setting_count;
  /* The game's model file (a GEM .mdl, read from disk) to read the animation onto: its bones
   * only, in its rest pose and axes, whatever the glTF's node tree, axes and bone frames
   * (docs/gltf.md, "Onto a skeleton"); NULL: the nodes hold the format's own values. */
  const char* skeleton;
  /* The deepest nesting of the glTF's JSON; 0 takes the default (64). */
  uint32_t max_json_depth;
} anmkit_gltf_import_options;

ANMKIT_API void anmkit_gltf_import_options_init(anmkit_gltf_import_options* options);

/* A glTF animation (.glb or .gltf bytes, copied) written as options->target: what
 * `anmkit convert IN.glb -o OUT --to TARGET [--base ORIGINAL]` does. On success *out is a new
 * document the caller frees with anmkit_free, and *warnings (when `warnings` is not NULL) a new
 * list the caller frees with anmkit_diagnostics_free: what the import left out or could not
 * restore (severity warning, id "gltf.import", no offset). `name` (may be NULL) names the input
 * in messages. */
ANMKIT_API anmkit_status anmkit_from_gltf(const void* bytes, size_t size, const char* name,
                                          const anmkit_gltf_import_options* options, anmkit_document** out,
                                          anmkit_diagnostics** warnings, anmkit_error* error);

/* The model file at `path` (a GEM .mdl) with every sequence file it names, as one glTF (.glb
 * when `binary` is 1) with an animation per sequence, named as the sequence. Ownership of *bytes
 * as for anmkit_write; *warnings (when not NULL) as for anmkit_from_gltf (id "model.sequence":
 * sequences skipped, bones not in the skeleton). `options` may be NULL. */
ANMKIT_API anmkit_status anmkit_model_to_gltf(const char* path, const anmkit_open_options* options, int binary,
                                              uint8_t** bytes, size_t* size, anmkit_diagnostics** warnings,
                                              anmkit_error* error);

/* The model file at `path` (a GEM .mdl) with one more sequence, `name`, playing the file at
 * `file_path` (named in the model relative to its folder, with '/'), every other byte as it was:
 * what `anmkit convert IN.glb --skeleton MODEL --add-sequence NAME -o FILE` writes over the model.
 * Refused when the file lies outside the model's folder, when the model declares the name
 * already, or when the name or file cannot be written in its text. Ownership of *bytes as for
 * anmkit_write; nothing is written to disk. `options` may be NULL. */
ANMKIT_API anmkit_status anmkit_model_with_sequence(const char* path, const char* name, const char* file_path,
                                                    const anmkit_open_options* options, uint8_t** bytes, size_t* size,
                                                    anmkit_error* error);

/* A model document's sequences (kind "model"): the animation files it names, or the one paired
 * with it, each looked for as the game finds it; what its summary lists under "sequences". */
typedef struct anmkit_model_sequence {
  size_t struct_size;
  const char* name;         /* bytes, NUL-terminated, owned by the document; as the model names it */
  size_t name_size;         /* without the NUL */
  const char* file;         /* the file it names, relative to the model's folder, as written */
  size_t file_size;
  const char* declared_by;  /* the joint whose block declares it (GEM); "" when the format does not say */
  size_t declared_by_size;
  const char* how_named;    /* "" when the model names the file; else how it was found ("paired by name") */
  size_t how_named_size;
  int32_t exists;           /* 1 when the file is there */
  const char* path;         /* where it is, as the game finds it ('\\' a separator, letters in either case):
                             * the model's folder joined with the name; "" when the name is refused
                             * (out of the model's folder and the reference roots, or two files) */
  size_t path_size;
} anmkit_model_sequence;

/* How many sequences the model has (0 for another kind), and one of them; its strings stay valid
 * until the document is freed. A document of another kind is ANMKIT_ERROR_UNSUPPORTED. */
ANMKIT_API size_t anmkit_sequence_count(const anmkit_document* document);
ANMKIT_API anmkit_status anmkit_sequence_get(const anmkit_document* document, size_t index, anmkit_model_sequence* out,
                                             anmkit_error* error);

/* Releases memory anmkit_write, anmkit_to_json, anmkit_summary, anmkit_to_gltf,
 * anmkit_model_to_gltf or anmkit_model_with_sequence returned. */
ANMKIT_API void anmkit_bytes_free(void* bytes);

/* Another version or layout of the same format: "gem-4.0", "gem-6.0", "gem-6.1", "gem-6.1-frm3",
 * "repack" (LM). *out is a new document the caller frees. */
ANMKIT_API anmkit_status anmkit_convert(const anmkit_document* document, const char* target,
                                        anmkit_document** out, anmkit_error* error);

/* A time edit of the sequence (docs/cli.md, `anmkit edit`): "reverse", "retime=2", "retime=1/2",
 * "length=81", "trim=10:40", "delete=0:0", "insert=10:5", "loop", each optionally followed by
 * "@N", the one sequence of a file of several (MM2) to edit. GEM keys keep their bytes and move to
 * the first frame that shows them; LM curves are cut exactly; MM2 steps count ticks. *out is a new
 * document the caller frees (the same content when the edit changes nothing); *warnings (when not
 * NULL) a new list the caller frees with anmkit_diagnostics_free: what the edit left out (id
 * "time-edit"). ANMKIT_ERROR_UNSUPPORTED for a format without time edits (every format of this
 * release has them). */
ANMKIT_API anmkit_status anmkit_edit_time(const anmkit_document* document, const char* edit, anmkit_document** out,
                                          anmkit_diagnostics** warnings, anmkit_error* error);

/* ---- Exporting --------------------------------------------------------------------------- */

/* The export kinds (anmkit_export's `kind`): "json", "glb", "gltf", the sprite kinds "png" (a
 * sheet and its .json cell map), "gif", "ilbm", "iff", then every format's convert targets, as the
 * registry lists them. Static storage; NULL past the end. */
ANMKIT_API const char* anmkit_export_kind(size_t index);

typedef struct anmkit_export_options {
  size_t struct_size;
  uint32_t scale;              /* sprites: every image enlarged N times, 1 .. 64 (init: 1) */
  int32_t raw;                 /* png: 1 for a sheet of the stored frames, not the composed states */
  int64_t sequence;            /* gif: the sequence to play; -1 (the default): the longest */
  int32_t flipbook;            /* gif: 1 for the composed states in order */
  uint32_t flipbook_ticks;     /* gif: ticks each state shows in a flipbook, 1 or more (init: 10) */
  uint64_t state;              /* ilbm, iff: the composed state */
  uint64_t max_output_pixels;  /* the cap on what an image holds; 0 takes the default */
  const char* file_name;       /* the name the outputs know the first file by (a sheet's .json
                                  names its .png); NULL: the document's, with the first suffix */
  const char* animation_name;  /* glTF: the animation's name; NULL: the document's */
} anmkit_export_options;

/* Fills `options` with the defaults (scale 1, sequence -1, flipbook_ticks 10, the rest 0) and
 * sets its struct_size. Unlike the limits, a scale or flipbook_ticks of 0 is refused, not taken
 * as the default. */
ANMKIT_API void anmkit_export_options_init(anmkit_export_options* options);

typedef struct anmkit_exported anmkit_exported;

/* The document as `kind` (anmkit_export_kind): what `anmkit convert` and `anmkit batch` write.
 * On success *out is a new list of files the caller frees with anmkit_exported_free, and
 * *warnings (when `warnings` is not NULL) a new list the caller frees with
 * anmkit_diagnostics_free (id "export"). ANMKIT_ERROR_UNSUPPORTED for a kind that writes nothing
 * for the document's format (the message says why), and for the sprite kinds in a build without
 * images (WebAssembly); ANMKIT_ERROR_INVALID_ARGUMENT for an option out of its range.
 * `options` may be NULL (the defaults). */
ANMKIT_API anmkit_status anmkit_export(const anmkit_document* document, const char* kind,
                                       const anmkit_export_options* options, anmkit_exported** out,
                                       anmkit_diagnostics** warnings, anmkit_error* error);
/* The document as `kind`, saved at `path` (save_as in export.hpp): the first file there, each
 * other beside it with its suffix as the extension (a sheet's .json beside its .png), each
 * written to a temporary file and renamed. Nothing is written when one of them is the file the
 * document was opened from, unless save_options->overwrite_source. *warnings as for
 * anmkit_export. `options` and `save_options` may be NULL (the defaults). */
ANMKIT_API anmkit_status anmkit_export_save(const anmkit_document* document, const char* kind,
                                            const anmkit_export_options* options, const char* path,
                                            const anmkit_save_options* save_options, anmkit_diagnostics** warnings,
                                            anmkit_error* error);
/* The number of files (1 or more). */
ANMKIT_API size_t anmkit_exported_count(const anmkit_exported* exported);
/* File `index`: what it adds to the output's name without its extension (".png", ".json";
 * NUL-terminated) and its bytes, both owned by the list. */
ANMKIT_API anmkit_status anmkit_exported_file(const anmkit_exported* exported, size_t index, const char** suffix,
                                              const uint8_t** bytes, size_t* size, anmkit_error* error);
ANMKIT_API void anmkit_exported_free(anmkit_exported* exported);

/* ---- Skeletal documents (GEM, LM) -------------------------------------------------------- */

typedef struct anmkit_clip_info {
  size_t struct_size;
  uint32_t bone_count;    /* bones the file animates (the sampler's order) */
  uint32_t joint_count;   /* joints of the skeleton (options.skeleton; 0 without one) */
  uint32_t frame_count;   /* whole frames 0 .. frame_count - 1 */
  int32_t loop;           /* 1 when playback wraps at frame_count */
  double fps;
  float up_rotation[4];   /* x, y, z, w: turns the format's up axis to +Y (glTF's) */
  float metres_per_unit;
  /* +1 or -1 per axis of the format's world that make it right-handed (GEM: 1, -1, 1): the
   * reflection the glTF export's root node applies before up_rotation */
  float to_right_handed[3];
} anmkit_clip_info;

/* The clip's shape; ANMKIT_ERROR_WRONG_KIND for a sprite document. */
ANMKIT_API anmkit_status anmkit_clip_info_get(const anmkit_document* document, anmkit_clip_info* out,
                                             anmkit_error* error);

typedef struct anmkit_bone {
  size_t struct_size;
  const char* name;   /* bytes, NUL-terminated; owned by the document */
  size_t name_size;   /* without the NUL */
  int32_t joint;      /* the skeleton's joint of the same name, or -1 */
} anmkit_bone;

ANMKIT_API anmkit_status anmkit_bone_get(const anmkit_document* document, uint32_t index, anmkit_bone* out,
                                         anmkit_error* error);

typedef struct anmkit_joint {
  size_t struct_size;
  const char* name;   /* bytes, NUL-terminated; owned by the document */
  size_t name_size;
  int32_t parent;     /* an earlier joint's index, or -1 for a root */
  int32_t mirrored;   /* 1: the rest pose negates the local Z axis */
  float translation[3];
  float rotation[4];  /* x, y, z, w */
  float scale[3];
  int32_t shown;      /* 0: hidden at rest (GEM's {Visibility 0}) until a visibility key shows it; else 1 */
} anmkit_joint;

ANMKIT_API anmkit_status anmkit_joint_get(const anmkit_document* document, uint32_t index, anmkit_joint* out,
                                          anmkit_error* error);

/* Caller-owned arrays a pose is written into, bone after bone (and for a range, frame after
 * frame: entry i * bone_count + b is bone b at the range's i-th frame). Any may be NULL.
 * A bone a track does not move keeps its rest value: its joint's, or the identity. */
typedef struct anmkit_pose_arrays {
  size_t struct_size;
  size_t capacity;       /* entries each array holds (bones, or frames x bones) */
  float* translation;    /* 3 floats an entry */
  float* rotation;       /* 4 floats an entry: x, y, z, w */
  float* scale;          /* 3 floats an entry (positive; the mirror is apart) */
  uint8_t* visible;      /* 1 shown, 0 hidden; before the bone's first visibility key, as its joint rests */
  uint8_t* mirrored;     /* 1 when the local Z axis is negated */
} anmkit_pose_arrays;

typedef struct anmkit_sampler anmkit_sampler;

/* A sampler for the document's clip: built once, then sampling allocates nothing. One sampler a
 * thread (it keeps the last keys it used, so that sequential frames are found in a step). The
 * document may be freed before the sampler. */
ANMKIT_API anmkit_status anmkit_sampler_new(const anmkit_document* document, anmkit_sampler** out,
                                            anmkit_error* error);
ANMKIT_API void anmkit_sampler_free(anmkit_sampler* sampler);

/* Every bone at `frame` (any finite real frame; no wrapping) into `out` (capacity >= bones). */
ANMKIT_API anmkit_status anmkit_sample(anmkit_sampler* sampler, double frame, const anmkit_pose_arrays* out,
                                       anmkit_error* error);

/* Whole frames first .. first + count - 1 (capacity >= count x bones). */
ANMKIT_API anmkit_status anmkit_sample_frames(anmkit_sampler* sampler, uint32_t first, uint32_t count,
                                              const anmkit_pose_arrays* out, anmkit_error* error);

/* ---- Sprite documents (MM2) -------------------------------------------------------------- */

typedef struct anmkit_sprite_info {
  size_t struct_size;
  uint32_t width, height;    /* the canvas every composed state fills */
  uint32_t frame_count;      /* stored frames: the base, then patches */
  uint32_t state_count;      /* composed states (one per stored frame) */
  uint32_t sequence_count;
  uint32_t palette_size;     /* pens */
  uint32_t planes;           /* bitplanes the pens fit in */
  double tick_hz;
} anmkit_sprite_info;

ANMKIT_API anmkit_status anmkit_sprite_info_get(const anmkit_document* document, anmkit_sprite_info* out,
                                                anmkit_error* error);

/* The palette as RGBA bytes (pen 0 transparent): `capacity` bytes at `rgba`, at least
 * palette_size * 4. */
ANMKIT_API anmkit_status anmkit_sprite_palette(const anmkit_document* document, uint8_t* rgba, size_t capacity,
                                               anmkit_error* error);

typedef struct anmkit_rect {
  uint32_t x, y, width, height;
} anmkit_rect;

/* Where stored frame `frame` is drawn on the canvas, and its own size (its pixels). */
ANMKIT_API anmkit_status anmkit_sprite_frame_rect(const anmkit_document* document, uint32_t frame,
                                                  anmkit_rect* drawn, anmkit_rect* size, anmkit_error* error);

/* Stored frame `frame`'s pens, row by row (size.width x size.height bytes). */
ANMKIT_API anmkit_status anmkit_sprite_frame_pixels(const anmkit_document* document, uint32_t frame,
                                                    uint8_t* pens, size_t capacity, anmkit_error* error);

/* Composed state `state`'s pens, row by row (width x height bytes of the canvas). */
ANMKIT_API anmkit_status anmkit_sprite_state_pixels(const anmkit_document* document, uint32_t state,
                                                    uint8_t* pens, size_t capacity, anmkit_error* error);

typedef struct anmkit_sprite_step {
  uint32_t state;  /* composed state shown */
  uint32_t ticks;  /* for how many game ticks */
} anmkit_sprite_step;

/* Sequence `sequence`'s steps: *count is set to its length; with `steps` NULL only that. With
 * `steps`, `capacity` must be >= the length (else ANMKIT_ERROR_BUFFER_TOO_SMALL). */
ANMKIT_API anmkit_status anmkit_sprite_sequence(const anmkit_document* document, uint32_t sequence,
                                                anmkit_sprite_step* steps, size_t capacity, size_t* count,
                                                anmkit_error* error);

/* How anmkit_sprite_replace_frame treats the picture. */
#define ANMKIT_IMPORT_REMAP 1u   /* colours not in the palette go to the nearest pen */
#define ANMKIT_IMPORT_RESIZE 2u  /* the frame may change size */

/* A new document with stored frame `frame` replaced by a picture of width x height: `pens` (one
 * byte a pixel, pens of the document's palette) or, when `pens` is NULL, `rgba` (four bytes a
 * pixel). The other frames keep their bytes. *out is a new document the caller frees. */
ANMKIT_API anmkit_status anmkit_sprite_replace_frame(const anmkit_document* document, uint32_t frame, uint32_t width,
                                                     uint32_t height, const uint8_t* pens, const uint8_t* rgba,
                                                     uint32_t flags, anmkit_document** out, anmkit_error* error);

/* ---- Skeleton search --------------------------------------------------------------------- */

/* How anmkit_find_skeleton chose (stable numbers). The rule, the same for every client (the CLI,
 * Python, the Blender add-on), first match wins: (1) a model file whose sequence list names this
 * very file (an LM .bin lists the .anm of its name); (2) a model file of its format in its own
 * folder with every bone it animates; (3) only when its own folder has no model file of its
 * format: one under the search roots naming a file of the same name (case-insensitive). */
typedef enum anmkit_skeleton_reason {
  ANMKIT_SKELETON_NONE = 0,                      /* no model file here or under the roots names it */
  ANMKIT_SKELETON_LISTS_IT = 1,                  /* rule 1 */
  ANMKIT_SKELETON_HAS_ITS_BONES = 2,             /* rule 2 */
  ANMKIT_SKELETON_NAMES_ITS_FILE_NAME = 3,       /* rule 3, with every bone it animates */
  ANMKIT_SKELETON_NAMES_ITS_FILE_NAME_LACKING_BONES = 4, /* rule 3, some of its bones not in it */
  ANMKIT_SKELETON_NONE_FITS_ITS_FOLDER = 5       /* its folder's model files neither list it nor
                                                    have its bones: none from elsewhere is taken */
} anmkit_skeleton_reason;

/* The model file (GEM .mdl, LM .bin) that gives the animation at `animation_path` its skeleton.
 * `search_roots` (`root_count` of them; NULL when 0) are folders, walked for model files, and
 * model files. Only the limits of `options` (may be NULL) are used. On success *model_path is
 * the model's path (NUL-terminated; NULL and *model_size 0 when there is none), *reason an
 * anmkit_skeleton_reason and *reason_text the reason in words ("e-75.mdl lists it as sequence
 * 'fire'"), both released with anmkit_bytes_free; *warnings (when not NULL) a new list the caller
 * frees with anmkit_diagnostics_free: model files that could not be read and were skipped (id
 * "skeleton.model"). Fails only when the animation cannot be read. Each call reads the roots
 * again: a program asking about many files keeps its roots few. */
ANMKIT_API anmkit_status anmkit_find_skeleton(const char* animation_path, const char* const* search_roots,
                                              size_t root_count, const anmkit_open_options* options,
                                              char** model_path, size_t* model_size, int32_t* reason,
                                              char** reason_text, size_t* reason_size,
                                              anmkit_diagnostics** warnings, anmkit_error* error);

/* ---- What a model shows: meshes, materials, textures ------------------------------------- */

/* A model file's skeleton and what it shows on it (GEM: the .mdl's .ply meshes, their .mtl
 * materials and their textures, decoded), read as the game finds the files (docs/gltf.md, "The
 * whole vehicle"): what anmkit_model_to_gltf writes, as values. Vertices are in the rest frame of
 * the joint that holds their mesh, in the skeleton's units; triangles counter-clockwise around
 * their front face; texture coordinates with v = 0 at the picture's top row (glTF's conventions).
 * Every pointer a figure hands out stays valid until anmkit_figure_free. A figure may be read
 * from several threads at once; anmkit_figure_add_mesh_animation waits for the reads running,
 * and they for it. */
typedef struct anmkit_figure anmkit_figure;

/* Reads the model file at `path` (GEM .mdl; an LM .bin has a skeleton and shows nothing) with
 * its meshes, materials and textures: options->no_meshes leaves them out, options->texture_dir
 * is where "$/..." textures are, options->volumes adds the collision volumes. On success *out is a new figure the caller frees with
 * anmkit_figure_free, and *warnings (when not NULL) a new list the caller frees with
 * anmkit_diagnostics_free: what is missing and why (id "model.figure"). ANMKIT_ERROR_UNKNOWN_FORMAT
 * when no format has a model file like it. `options` may be NULL. */
ANMKIT_API anmkit_status anmkit_figure_open(const char* path, const anmkit_open_options* options, anmkit_figure** out,
                                            anmkit_diagnostics** warnings, anmkit_error* error);
/* The figure of a model document (anmkit_kind "model": opened with ANMKIT_KIND_MODEL), read with
 * the options it was opened with (its files, no_meshes, texture_dir, volumes): what
 * anmkit_figure_open gives for its path, with the same *warnings. A document of another kind is
 * ANMKIT_ERROR_UNSUPPORTED, saying what it is. */
ANMKIT_API anmkit_status anmkit_document_figure(const anmkit_document* document, anmkit_figure** out,
                                                anmkit_diagnostics** warnings, anmkit_error* error);
/* The files the figure of a model document would read that its options' `files` names without
 * their bytes (anmkit_files_declare), each once: the caller adds them (anmkit_files_add) and asks
 * again until *count is 0 (each round reads what the files given so far name: the meshes, then
 * their materials, then the textures; nothing is decoded), then calls anmkit_document_figure
 * once. *names is an array of *count paths (UTF-8, as `files` names them; NULL when 0) owned by
 * the document, valid until the next call of this function on it or anmkit_free: not to be
 * called on one document from two threads at once. A document of another kind is
 * ANMKIT_ERROR_UNSUPPORTED. */
ANMKIT_API anmkit_status anmkit_document_files_wanted(const anmkit_document* document, const char* const** names, size_t* count,
                                                      anmkit_error* error);
ANMKIT_API void anmkit_figure_free(anmkit_figure* figure);

/* How many joints (the model's skeleton), meshes, materials and textures it has; 0 for NULL. */
ANMKIT_API size_t anmkit_figure_joint_count(const anmkit_figure* figure);
ANMKIT_API size_t anmkit_figure_mesh_count(const anmkit_figure* figure);
ANMKIT_API size_t anmkit_figure_material_count(const anmkit_figure* figure);
ANMKIT_API size_t anmkit_figure_texture_count(const anmkit_figure* figure);

/* Joint `index` of the model's skeleton, as anmkit_joint_get gives a document's (its name owned
 * by the figure). */
ANMKIT_API anmkit_status anmkit_figure_joint_get(const anmkit_figure* figure, size_t index, anmkit_joint* out,
                                                 anmkit_error* error);

typedef struct anmkit_mesh {
  size_t struct_size;
  const char* name;         /* the mesh file's name; bytes, NUL-terminated, owned by the figure */
  size_t name_size;
  int32_t joint;            /* the skeleton joint whose rest frame holds the vertices, or -1 */
  int32_t shown;            /* 1: shown at rest; 0: hidden until an animation shows it */
  size_t vertex_count;      /* the vertices its triangles use: each array below has this many entries */
  const float* positions;   /* 3 floats a vertex */
  const float* normals;     /* 3 floats a vertex; NULL when the mesh has none */
  const float* uvs;         /* 2 floats a vertex (u, v); NULL when the mesh has none */
  /* A skinned mesh: `skin` lists skeleton joints (skin[0] the mesh's own), and each vertex names
   * four of them by their place in `skin` (`joints`, 4 a vertex), with a weight each (`weights`,
   * 4 a vertex, summing to 1). NULL and 0 for a rigid mesh. */
  const int32_t* skin;
  size_t skin_size;
  const uint16_t* joints;
  const float* weights;
  size_t primitive_count;   /* anmkit_figure_primitive_get */
  size_t target_count;      /* morph targets (anmkit_figure_target_get): none until a mesh animation adds them */
  int32_t collision;        /* 1: a collision volume (anmkit_open_options.volumes), after the meshes; 0: a mesh */
} anmkit_mesh;

ANMKIT_API anmkit_status anmkit_figure_mesh_get(const anmkit_figure* figure, size_t index, anmkit_mesh* out,
                                                anmkit_error* error);

typedef struct anmkit_primitive {
  size_t struct_size;
  const uint32_t* indices;  /* three a triangle, counter-clockwise around its front; each below vertex_count */
  size_t index_count;
  int32_t material;         /* anmkit_figure_material_get's index, or -1 for none */
} anmkit_primitive;

/* Primitive `index` of mesh `mesh`. */
ANMKIT_API anmkit_status anmkit_figure_primitive_get(const anmkit_figure* figure, size_t mesh, size_t index,
                                                     anmkit_primitive* out, anmkit_error* error);

/* How a material's alpha is drawn (stable numbers; glTF's alphaMode). */
typedef enum anmkit_alpha_mode {
  ANMKIT_ALPHA_OPAQUE = 0,  /* alpha ignored */
  ANMKIT_ALPHA_MASK = 1,    /* texels whose alpha is below alpha_cutoff are not drawn, the rest opaque */
  ANMKIT_ALPHA_BLEND = 2    /* blended by alpha */
} anmkit_alpha_mode;

typedef struct anmkit_material {
  size_t struct_size;
  const char* name;         /* the material file's name, as the mesh names it; owned by the figure */
  size_t name_size;
  float base_colour[4];     /* RGBA, 0 .. 1, multiplied with the base texture */
  int32_t base_texture;     /* anmkit_figure_texture_get's index, or -1 for none */
  int32_t normal_texture;   /* a tangent-space normal map, or -1 */
  int32_t alpha_mode;       /* an anmkit_alpha_mode */
  float alpha_cutoff;       /* ANMKIT_ALPHA_MASK's threshold */
  int32_t double_sided;     /* 1: both faces are drawn */
} anmkit_material;

ANMKIT_API anmkit_status anmkit_figure_material_get(const anmkit_figure* figure, size_t index, anmkit_material* out,
                                                    anmkit_error* error);

typedef struct anmkit_texture {
  size_t struct_size;
  const char* name;         /* as a material names it ("e25body", "$/vehicle2/puma_track_dif") */
  size_t name_size;
  const char* path;         /* the file it was found in; "" when it was not */
  size_t path_size;
  uint32_t width, height;
  const uint8_t* rgba;      /* width x height x 4 bytes, top row first; NULL when not found or not decoded */
  size_t rgba_size;         /* 0 with NULL */
} anmkit_texture;

ANMKIT_API anmkit_status anmkit_figure_texture_get(const anmkit_figure* figure, size_t index, anmkit_texture* out,
                                                   anmkit_error* error);

/* A clip's mesh animation (GEM: its MESH keys, a whole shape of the mesh on a bone per key) as
 * morph targets added to the figure's meshes: from `frame` on, until the mesh's next key, the
 * mesh shows morph target `target` in full (its own shape for -1). */
typedef struct anmkit_morph_key {
  uint32_t frame;
  int32_t target;  /* anmkit_figure_target_get's index in the mesh, or -1 */
} anmkit_morph_key;

/* Adds the mesh animation of `clip_document`'s clip to the figure, as morph targets of the meshes
 * it animates, named "NAME FRAME" (`name` NULL: the document's file name without its extension).
 * On success *animation (when not NULL) is its index (0 for the first added, then 1, ...), and
 * *warnings (when not NULL) a new list the caller frees: the keys that cannot be shown (id
 * "model.mesh-animation": a bone the model lacks or shows no mesh on, a shape that does not fit
 * its mesh). A figure that shows nothing (no_meshes, an LM .bin) animates nothing: an animation
 * of no meshes. ANMKIT_ERROR_WRONG_KIND for a sprite document. The figure keeps no reference to
 * the document. */
ANMKIT_API anmkit_status anmkit_figure_add_mesh_animation(anmkit_figure* figure, const anmkit_document* clip_document,
                                                          const char* name, size_t* animation,
                                                          anmkit_diagnostics** warnings, anmkit_error* error);
/* The mesh animations added so far, and the meshes mesh animation `animation` morphs (0 past the last). */
ANMKIT_API size_t anmkit_figure_animation_count(const anmkit_figure* figure);
ANMKIT_API size_t anmkit_figure_morphs_count(const anmkit_figure* figure, size_t animation);

typedef struct anmkit_mesh_morphs {
  size_t struct_size;
  size_t mesh;                   /* the mesh it morphs (anmkit_figure_mesh_get's index) */
  const anmkit_morph_key* keys;  /* in frame order; owned by the figure */
  size_t key_count;
} anmkit_mesh_morphs;

/* The `index`-th mesh mesh animation `animation` morphs, with its keys. */
ANMKIT_API anmkit_status anmkit_figure_morphs_get(const anmkit_figure* figure, size_t animation, size_t index,
                                                  anmkit_mesh_morphs* out, anmkit_error* error);

typedef struct anmkit_morph_target {
  size_t struct_size;
  const char* name;         /* "NAME FRAME": the animation's name and the frame of the key that made it */
  size_t name_size;
  size_t vertex_count;      /* the mesh's */
  const float* positions;   /* 3 floats a vertex: added to the mesh's positions */
  const float* normals;     /* 3 floats a vertex added to its normals; NULL when the mesh has none */
} anmkit_morph_target;

/* Morph target `index` of mesh `mesh`. */
ANMKIT_API anmkit_status anmkit_figure_target_get(const anmkit_figure* figure, size_t mesh, size_t index,
                                                  anmkit_morph_target* out, anmkit_error* error);

/* ---- Many files at once ----------------------------------------------------------------- */

/* What became of one file of a batch, as the sink is given it (valid during that call). */
typedef struct anmkit_batch_result {
  size_t struct_size;
  int32_t kind;                       /* 0 converted, 1 skipped, 2 failed */
  const char* input;                  /* its path */
  const char* output;                 /* converted: the first file written; else "" */
  const char* skipped_why;            /* skipped: why ("not an animation", ...); else "" */
  const anmkit_error* error;          /* failed: why, naming the file; else NULL */
  int32_t skeleton_looked_for;        /* glTF: 1 when a skeleton was looked for */
  const char* skeleton;               /* the model file used; "" for none */
  const char* skeleton_why;           /* why that one, or why none */
  const anmkit_diagnostics* warnings; /* what the conversion left out (id "batch.warning") */
  uint64_t bytes;                     /* the input's size (converted) */
} anmkit_batch_result;

/* Called with each file's result, in input order, one call at a time; nonzero stops the batch
 * (no new file is started). */
typedef int32_t (*anmkit_batch_sink)(const anmkit_batch_result* result, void* user);

typedef struct anmkit_batch_options {
  size_t struct_size;
  const char* const* inputs;          /* files and folders (walked recursively, in name order) */
  size_t input_count;
  const char* output;                 /* the folder the input tree is mirrored under */
  const char* to;                     /* an export kind (anmkit_export_kind) */
  uint32_t jobs;                      /* workers; 0: every core (1 in WebAssembly, which has no threads) */
  int32_t fail_fast;                  /* 1: no new file after one fails */
  const char* const* skeleton_roots;  /* glTF: more skeletons (folders or model files); NULL when 0 */
  size_t skeleton_root_count;
  const anmkit_open_options* open;    /* how each file is opened; NULL: the defaults */
} anmkit_batch_options;

/* Fills `options` with the defaults and sets its struct_size. */
ANMKIT_API void anmkit_batch_options_init(anmkit_batch_options* options);
/* Converts every animation (for glTF, every model too) of the inputs to `to` under `output`, as
 * `anmkit batch` does (docs/cli.md), on `jobs` workers: the same files and the same results in
 * the same order for any number. A file's failure is its result, never the call's; `files` (may
 * be NULL) is set to the number of results given. */
ANMKIT_API anmkit_status anmkit_batch(const anmkit_batch_options* options, anmkit_batch_sink sink, void* user, uint64_t* files,
                                      anmkit_error* error);

#ifdef __cplusplus
}
#endif

#endif /* ANMKIT_H */
