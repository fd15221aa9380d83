#include "anmkit/core/guard.hpp"

#include <exception>
#include <new>
#include <string>

namespace anmkit {

Error caught_error() {
  try {
    throw;
  } catch (ErrorException& e) {
    return std::move(e.error);
  } catch (const std::bad_alloc&) {
    return make_error(ErrorCode::out_of_memory, "out of memory");
  } catch (const std::exception& e) {
    return make_error(ErrorCode::internal, std::string("internal error: ") + e.what());
  } catch (...) {
    return make_error(ErrorCode::internal, "internal error");
  }
}

}  // namespace anmkit
