// How a lab's NDRange follows from its defines and the problem size. The
// geometries are the ones the kernel contracts fix for each lab (docs/contracts.md):
//   "tile"           global (roundup(cols, TILE_SIZE), roundup(rows, TILE_SIZE)), local (TILE_SIZE, TILE_SIZE)
//                    [labs 01–04; no padding, the kernel guards the edges]. With the optional
//                    define ROWS_PER_ITEM (lab 02's extension) local is (TILE_SIZE, TILE_SIZE / ROWS_PER_ITEM)
//                    and global dimension 1 shrinks by the same factor.
//   "thread_work"    sizes padded to TILE_SIZE; global (N / THREAD_WORK, M), local (TILE_SIZE / THREAD_WORK, TILE_SIZE)
//                    [lab 05]
//   "register_tiles" M padded to TILE_M, N to TILE_N, K to TILE_K; global (N / WPT_N, M / WPT_M),
//                    local (TILE_N / WPT_N, TILE_M / WPT_M)  [lab 06, and the products of lab 07]
// Here "cols" is what dimension 0 walks (k for a transpose, N for a product) and "rows" dimension 1.
#pragma once

#include "terms/defines.hpp"
#include "terms/geometry.hpp"

#include <CL/opencl.hpp>

#include <cstddef>

namespace course {

// The extents a geometry works on: rows × cols of the output space, and the
// inner (K) dimension of a product (1 for a transpose).
struct Extents {
    std::size_t rows = 1;
    std::size_t cols = 1;
    std::size_t inner = 1;
};

struct LaunchShape {
    Extents padded;  // the sizes the kernel sees (equal to the real ones for "tile")
    std::size_t global[2] = {1, 1};
    std::size_t local[2] = {1, 1};
    bool pads = false;  // whether the host pads inputs and crops the output

    cl::NDRange global_range(std::size_t batch = 1) const;
    cl::NDRange local_range(std::size_t batch = 1) const;
};

// Throws UserError when a define is missing, or the defines do not divide as
// the geometry needs (naming which and why).
LaunchShape launch_shape(Geometry geometry, const Defines& defines, Extents extents);

// The multiple each extent is padded to (1 for "tile"), for hosts that pad before launching.
Extents padding_multiples(Geometry geometry, const Defines& defines);

}  // namespace course
