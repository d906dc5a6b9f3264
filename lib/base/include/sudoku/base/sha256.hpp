// SPDX-License-Identifier: Apache-2.0
// SHA-256 (FIPS 180-4) of bytes, for provenance records that let a reader check which input files
// produced an output. The digest comes from OpenSSL's libcrypto (EVP interface), linked privately:
// this header does not pull in OpenSSL.
//
// Contract: sha256_hex returns the 64 lower-case hex digits of the digest, the same text
// `sha256sum` prints. Incremental use (update ... hex_digest) gives the same result as one call on
// the concatenation; digest() may be called again and returns the same bytes, update() after it
// throws std::logic_error. Not for secrets: no constant-time guarantees are made here. A failure
// inside libcrypto (out of memory) throws std::runtime_error.
//
//   const std::string hex = sha256_hex(file_text);  // "e3b0c442..." for ""
//   Sha256 hash; hash.update(part1); hash.update(part2); hash.hex_digest();
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace sudoku {

class Sha256 {
 public:
  Sha256();
  ~Sha256();
  Sha256(Sha256&&) noexcept;
  Sha256& operator=(Sha256&&) noexcept;
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;

  void update(std::string_view bytes);
  // Finishes the digest; the object must not be updated afterwards.
  std::array<std::uint8_t, 32> digest();
  std::string hex_digest();

 private:
  struct Context;  // libcrypto's digest context, defined in sha256.cpp
  struct ContextDeleter {
    void operator()(Context* context) const;
  };

  std::unique_ptr<Context, ContextDeleter> context_;
  std::array<std::uint8_t, 32> digest_{};
  bool finished_ = false;
};

std::string sha256_hex(std::string_view bytes);

}  // namespace sudoku
