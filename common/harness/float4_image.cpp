#include "harness/float4_image.hpp"

#include "util/user_error.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

namespace course {

namespace {

bool supports_rgba_float(const cl::Context& context) {
    std::vector<cl::ImageFormat> formats;
    context.getSupportedImageFormats(CL_MEM_READ_ONLY, CL_MEM_OBJECT_IMAGE2D, &formats);
    return std::any_of(formats.begin(), formats.end(), [](const cl::ImageFormat& f) {
        return f.image_channel_order == CL_RGBA && f.image_channel_data_type == CL_FLOAT;
    });
}

}  // namespace

std::string float4_image_rejection(const cl::Context& context, const cl::Device& device, std::size_t width,
                                   std::size_t height) {
    if (device.getInfo<CL_DEVICE_IMAGE_SUPPORT>() != CL_TRUE) {
        return "the device has no image support (CL_DEVICE_IMAGE_SUPPORT is false)";
    }
    if (!supports_rgba_float(context)) return "the device offers no CL_RGBA / CL_FLOAT read-only 2-D images";
    const auto max_width = device.getInfo<CL_DEVICE_IMAGE2D_MAX_WIDTH>();
    const auto max_height = device.getInfo<CL_DEVICE_IMAGE2D_MAX_HEIGHT>();
    if (width > max_width || height > max_height) {
        return fmt::format("an image of {} × {} texels is more than the device's largest 2-D image, {} × {} "
                           "(CL_DEVICE_IMAGE2D_MAX_WIDTH × CL_DEVICE_IMAGE2D_MAX_HEIGHT)",
                           width, height, max_width, max_height);
    }
    return {};
}

cl::Image2D make_float4_image(const cl::Context& context, const cl::Device& device, const Matrix& m,
                              const std::string& where) {
    const std::size_t width = m.cols / 4, height = m.rows;
    if (const std::string why = float4_image_rejection(context, device, width, height); !why.empty()) {
        throw UserError({fmt::format("a device that can hold B ({} × {}) as an RGBA float image of {} × {} texels",
                                     m.rows, m.cols, width, height),
                         why, where,
                         "run at a smaller size (--size), or on a device with image support (`lab devices`)"});
    }
    return cl::Image2D(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, cl::ImageFormat(CL_RGBA, CL_FLOAT), width,
                       height, 0, const_cast<float*>(m.values.data()));
}

}  // namespace course
