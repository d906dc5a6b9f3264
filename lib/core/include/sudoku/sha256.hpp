// SHA-256 (FIPS 180-4) of bytes, for provenance records that let a reader check which input files
// produced an output.
//
// Contract: sha256_hex returns the 64 lower-case hex digits of the digest, the same text
// `sha256sum` prints. Incremental use (update ... hex_digest) gives the same result as one call on
// the concatenation. Not for secrets: no constant-time guarantees.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace sudoku {

class Sha256 {
 public:
  Sha256();

  void update(std::string_view bytes);
  // Finishes the digest; the object must not be updated afterwards.
  std::array<std::uint8_t, 32> digest();
  std::string hex_digest();

 private:
  void compress(const std::uint8_t* block);

  std::array<std::uint32_t, 8> state_;
  std::array<std::uint8_t, 64> buffer_{};
  std::size_t buffered_ = 0;
  std::uint64_t total_bytes_ = 0;
  bool finished_ = false;
};

std::string sha256_hex(std::string_view bytes);

}  // namespace sudoku
