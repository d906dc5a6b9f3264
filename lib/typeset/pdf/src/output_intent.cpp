// SPDX-License-Identifier: Apache-2.0
// The PDF/X output intent from an ICC profile, checked with Little CMS (see print_ready.hpp).
#include <lcms2.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "sudoku/base/errors.hpp"
#include "sudoku/typeset/pdf/print_ready.hpp"

namespace sudoku::typeset {
namespace {

// Little CMS reports errors through a handler; the default one is silent, but a context of our own
// keeps it so whatever else in the process installs a global one (the library never prints).
void ignore_error(cmsContext, cmsUInt32Number, const char*) {}

struct ContextDeleter {
  void operator()(cmsContext context) const { cmsDeleteContext(context); }
};
struct ProfileDeleter {
  void operator()(void* profile) const { cmsCloseProfile(static_cast<cmsHPROFILE>(profile)); }
};

std::string space_name(cmsColorSpaceSignature space) {
  switch (space) {
    case cmsSigCmykData: return "CMYK";
    case cmsSigGrayData: return "grey";
    case cmsSigRgbData: return "RGB";
    case cmsSigLabData: return "Lab";
    case cmsSigXYZData: return "XYZ";
    case cmsSigCmyData: return "CMY";
    default: break;
  }
  const int channels = static_cast<int>(cmsChannelsOf(space));
  return std::to_string(channels) + "-channel";
}

std::string class_name(cmsProfileClassSignature device_class) {
  switch (device_class) {
    case cmsSigInputClass: return "input (scanner or camera)";
    case cmsSigDisplayClass: return "display";
    case cmsSigOutputClass: return "output";
    case cmsSigLinkClass: return "device link";
    case cmsSigAbstractClass: return "abstract";
    case cmsSigColorSpaceClass: return "colour space";
    case cmsSigNamedColorClass: return "named colour";
    default: return "unknown class of";
  }
}

std::string with_article(const std::string& words) {
  const char first = static_cast<char>(std::tolower(static_cast<unsigned char>(words.front())));
  // "an RGB", "an XYZ", "an output", "a CMYK", "a grey": the sound, not the letter, decides.
  const bool vowel_sound = std::string_view("aeiou").find(first) != std::string_view::npos ||
                           words.starts_with("RGB") || words.starts_with("XYZ") || words.starts_with("8-");
  return (vowel_sound ? "an " : "a ") + words;
}

void append_utf8(std::string& out, std::uint32_t code) {
  if (code < 0x80) {
    out += static_cast<char>(code);
  } else if (code < 0x800) {
    out += static_cast<char>(0xC0 | (code >> 6));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else if (code < 0x10000) {
    out += static_cast<char>(0xE0 | (code >> 12));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (code >> 18));
    out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  }
}

// The profile's description in UTF-8 (lcms2 2.14 hands it out as wchar_t, UTF-32 on Linux), with
// control characters dropped and the spaces around it trimmed.
std::string description_of(cmsHPROFILE profile) {
  const cmsUInt32Number bytes = cmsGetProfileInfo(profile, cmsInfoDescription, "en", "US", nullptr, 0);
  if (bytes == 0) return {};
  std::vector<wchar_t> text(bytes / sizeof(wchar_t) + 1, L'\0');
  cmsGetProfileInfo(profile, cmsInfoDescription, "en", "US", text.data(),
                    static_cast<cmsUInt32Number>(text.size() * sizeof(wchar_t)));
  std::string out;
  for (const wchar_t character : text) {
    if (character == L'\0') break;
    const auto code = static_cast<std::uint32_t>(character);
    if (code < 0x20 || code == 0x7F || code > 0x10FFFF || (code >= 0xD800 && code < 0xE000)) continue;
    append_utf8(out, code);
  }
  const auto first = out.find_first_not_of(' ');
  if (first == std::string::npos) return {};
  return out.substr(first, out.find_last_not_of(' ') - first + 1);
}

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::optional<std::string> registered_condition(std::string_view description) {
  // Words of the descriptions of the common profiles (ECI, Adobe, IDEAlliance, WAN-IFRA, Japan
  // Color), most specific first, and the characterization each names in the ICC registry.
  struct Known {
    std::string_view words;
    std::string_view identifier;
  };
  static constexpr std::array<Known, 16> kKnown{{
      {"fogra39", "FOGRA39"},
      {"iso coated v2", "FOGRA39"},
      {"isocoated_v2", "FOGRA39"},
      {"fogra51", "FOGRA51"},
      {"pso coated v3", "FOGRA51"},
      {"fogra52", "FOGRA52"},
      {"pso uncoated v3", "FOGRA52"},
      {"fogra29", "FOGRA29"},
      {"iso uncoated", "FOGRA29"},
      {"gracol2006", "CGATS TR 006"},
      {"swop 2006 grade 3", "CGATS TR 003"},
      {"swop 2006 grade 5", "CGATS TR 005"},
      {"swop", "CGATS TR 001"},
      {"newspaper26", "IFRA26"},
      {"ifra26", "IFRA26"},
      {"japan color 2001 coated", "JC200103"},
  }};
  const std::string text = lower(description);
  for (const Known& known : kKnown)
    if (text.find(known.words) != std::string::npos) return std::string(known.identifier);
  return std::nullopt;
}

PdfX read_output_intent(std::string_view bytes, const std::string& source, const std::string& condition) {
  const auto refuse = [&](const std::string& what) -> PdfX {
    throw InputError(source, 0, 0,
                     what + "; a PDF/X output intent needs an output (printer) profile for CMYK or grey "
                            "(ask the printer for theirs, e.g. a FOGRA39 or SWOP profile)");
  };
  const std::unique_ptr<std::remove_pointer_t<cmsContext>, ContextDeleter> context(cmsCreateContext(nullptr, nullptr));
  if (!context) throw std::bad_alloc();
  cmsSetLogErrorHandlerTHR(context.get(), ignore_error);
  const std::unique_ptr<void, ProfileDeleter> profile(cmsOpenProfileFromMemTHR(
      context.get(), bytes.data(), static_cast<cmsUInt32Number>(std::min<std::size_t>(bytes.size(), UINT32_MAX))));
  // lcms2 reads what it needs lazily: asking for the description also checks the tag table.
  if (!profile || bytes.size() > UINT32_MAX) return refuse("is not an ICC profile");
  const cmsColorSpaceSignature space = cmsGetColorSpace(profile.get());
  const cmsProfileClassSignature device_class = cmsGetDeviceClass(profile.get());
  if (device_class != cmsSigOutputClass || (space != cmsSigCmykData && space != cmsSigGrayData))
    return refuse("is " + with_article(space_name(space) + " " + class_name(device_class) + " profile"));
  PdfX pdfx;
  pdfx.output_profile = std::string(bytes);
  pdfx.channels = space == cmsSigCmykData ? 4 : 1;
  pdfx.description = description_of(profile.get());
  if (pdfx.description.empty()) return refuse("is an ICC profile without a description (its 'desc' tag)");
  if (!condition.empty()) {
    pdfx.condition_identifier = condition;
  } else {
    pdfx.condition_identifier = registered_condition(pdfx.description).value_or("Custom");
  }
  pdfx.condition = pdfx.description;
  return pdfx;
}

std::string rgb_to_output(std::string_view rgb, const PdfX& pdfx) {
  const std::unique_ptr<std::remove_pointer_t<cmsContext>, ContextDeleter> context(cmsCreateContext(nullptr, nullptr));
  if (!context) throw std::bad_alloc();
  cmsSetLogErrorHandlerTHR(context.get(), ignore_error);
  const std::unique_ptr<void, ProfileDeleter> srgb(cmsCreate_sRGBProfileTHR(context.get()));
  const std::unique_ptr<void, ProfileDeleter> output(
      cmsOpenProfileFromMemTHR(context.get(), pdfx.output_profile.data(),
                               static_cast<cmsUInt32Number>(pdfx.output_profile.size())));
  if (!srgb || !output) throw std::runtime_error("PDF output: Little CMS cannot open the output profile");
  const bool cmyk = pdfx.channels == 4;
  const cmsHTRANSFORM transform =
      cmsCreateTransformTHR(context.get(), srgb.get(), TYPE_RGB_8, output.get(), cmyk ? TYPE_CMYK_8 : TYPE_GRAY_8,
                            INTENT_PERCEPTUAL, cmsFLAGS_BLACKPOINTCOMPENSATION);
  if (transform == nullptr)
    throw std::runtime_error("PDF output: Little CMS cannot convert sRGB to the output profile");
  const std::size_t pixels = rgb.size() / 3;
  std::string converted(pixels * (cmyk ? 4 : 1), '\0');
  cmsDoTransform(transform, rgb.data(), converted.data(), static_cast<cmsUInt32Number>(pixels));
  cmsDeleteTransform(transform);
  return converted;
}

}  // namespace sudoku::typeset
