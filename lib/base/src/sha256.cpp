// SPDX-License-Identifier: Apache-2.0
// SHA-256 through libcrypto's EVP interface: one digest context per Sha256 object.
#include "sudoku/base/sha256.hpp"

#include <openssl/evp.h>

#include <stdexcept>
#include <string>

namespace sudoku {

struct Sha256::Context {
  EVP_MD_CTX* evp = nullptr;
};

void Sha256::ContextDeleter::operator()(Context* context) const {
  EVP_MD_CTX_free(context->evp);
  delete context;
}

namespace {

// libcrypto reports failure (in practice: no memory) by returning 0 or null.
void check(bool ok, const char* what) {
  if (!ok) throw std::runtime_error(std::string("SHA-256: libcrypto failed in ") + what);
}

}  // namespace

Sha256::Sha256() : context_(new Context) {
  context_->evp = EVP_MD_CTX_new();
  check(context_->evp != nullptr, "EVP_MD_CTX_new");
  check(EVP_DigestInit_ex(context_->evp, EVP_sha256(), nullptr) == 1, "EVP_DigestInit_ex");
}

Sha256::~Sha256() = default;
Sha256::Sha256(Sha256&&) noexcept = default;
Sha256& Sha256::operator=(Sha256&&) noexcept = default;

void Sha256::update(std::string_view bytes) {
  if (finished_) throw std::logic_error("Sha256::update after the digest was taken");
  check(EVP_DigestUpdate(context_->evp, bytes.data(), bytes.size()) == 1, "EVP_DigestUpdate");
}

std::array<std::uint8_t, 32> Sha256::digest() {
  if (!finished_) {
    unsigned int length = 0;
    check(EVP_DigestFinal_ex(context_->evp, digest_.data(), &length) == 1 && length == digest_.size(),
          "EVP_DigestFinal_ex");
    finished_ = true;
  }
  return digest_;
}

std::string Sha256::hex_digest() {
  constexpr char kDigits[] = "0123456789abcdef";
  std::string text;
  for (const std::uint8_t byte : digest()) {
    text += kDigits[byte >> 4];
    text += kDigits[byte & 15];
  }
  return text;
}

std::string sha256_hex(std::string_view bytes) {
  Sha256 hash;
  hash.update(bytes);
  return hash.hex_digest();
}

}  // namespace sudoku
