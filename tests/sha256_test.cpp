// SPDX-License-Identifier: Apache-2.0
// SHA-256 against the FIPS 180-4 example vectors (and their NIST long-message companion) and
// against sha256sum around the padding boundaries.
#include "sudoku/base/sha256.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <utility>

#include "test_support.hpp"

namespace sudoku {
namespace {

TEST(Sha256, Fips180Vectors) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256_hex("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
                       "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"),
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
  EXPECT_EQ(sha256_hex(std::string(1'000'000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, PaddingBoundariesMatchSha256sum) {
  for (const std::size_t length : {55, 56, 63, 64, 65, 119, 120, 128}) {
    const std::string text(length, 'x');
    const auto result = testing::run_command("sha256sum", text);
    ASSERT_EQ(result.exit_code, 0);
    EXPECT_EQ(sha256_hex(text), result.out.substr(0, 64)) << length;
  }
}

TEST(Sha256, IncrementalEqualsOneShot) {
  const std::string text = "The quick brown fox jumps over the lazy dog, again and again and again.";
  Sha256 hash;
  for (std::size_t i = 0; i < text.size(); i += 7) hash.update(std::string_view(text).substr(i, 7));
  EXPECT_EQ(hash.hex_digest(), sha256_hex(text));
  EXPECT_EQ(hash.hex_digest(), sha256_hex(text));  // the digest is kept, not taken twice
  EXPECT_THROW(hash.update("more"), std::logic_error);
}

TEST(Sha256, MovedObjectKeepsItsState) {
  Sha256 first;
  first.update("ab");
  Sha256 second = std::move(first);
  second.update("c");
  EXPECT_EQ(second.hex_digest(), sha256_hex("abc"));
}

}  // namespace
}  // namespace sudoku
