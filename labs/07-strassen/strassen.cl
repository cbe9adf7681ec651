// Lab 07: the two element-wise kernels of Strassen's algorithm.
//
// One level of Strassen's recursion cuts A, B and C into quadrants,
//
//     A = | a11 a12 |    B = | b11 b12 |    C = | c11 c12 |
//         | a21 a22 |        | b21 b22 |        | c21 c22 |
//
// (the README's letters: a = a11, b = a12, c = a21, d = a22 and
// e = b11, f = b12, g = b21, h = b22), and computes C from seven products
// p1 .. p7 of quadrant-sized matrices instead of eight. The README defines the
// seven products ("Seven products instead of eight"); which sums of them give
// c11 .. c22 is for you to derive ("Deriving the merge").
//
// The host (common/problems/strassen/strassen_recursion.cpp) does the recursion: at each level
// it calls strassen_split once for all the nodes of that level, multiplies
// all the products of the deepest level in one batched launch of the lab-06
// GEMM, and comes back up calling strassen_merge once per level.
//
// Layout. A node of a level is one product to compute, A (2·half_m × 2·half_k)
// times B (2·half_k × 2·half_n), row-major. The nodes of a level are stored one
// after another: node z's A starts at a + z·(2·half_m)·(2·half_k). Its seven
// left operands (the A side of p1 .. p7) are stored one after another too,
// after the 7 of the nodes before it: operand i of node z starts at
// left + (7·z + i)·half_m·half_k. The same holds for B and the right operands
// (half_k × half_n each), and for the products and C in strassen_merge.
//
// NDRange: dimension 0 walks columns, dimension 1 rows, dimension 2 the nodes;
// one work-item per element of a quadrant. The host rounds dimensions 0 and 1
// up to whole work-groups, so every kernel checks that its element exists.

// The seven left and seven right operands of every node, in one pass over A and B.
// Global size (>= max(half_k, half_n), >= max(half_m, half_k), nodes).
__kernel void strassen_split(__global const float* a, __global const float* b,
                             __global float* left, __global float* right,
                             uint half_m, uint half_k, uint half_n)
{
    const uint col = get_global_id(0);
    const uint row = get_global_id(1);
    const uint node = get_global_id(2);

    // The left operands: quadrants of A are half_m × half_k.
    if (row < half_m && col < half_k) {
        __global const float* node_a = a + node * (4 * (size_t)half_m * half_k);
        const size_t width = 2 * (size_t)half_k;                  // a row of the node's A
        const float a11 = node_a[row * width + col];
        const float a12 = node_a[row * width + col + half_k];
        const float a21 = node_a[(row + half_m) * width + col];
        const float a22 = node_a[(row + half_m) * width + col + half_k];

        const size_t size = (size_t)half_m * half_k;              // elements of one operand
        __global float* out = left + node * 7 * size + (size_t)row * half_k + col;
        // TODO 1: replace each 0.0f by the left operand of its product: the
        //   factor of p1 .. p7 that comes from A, written with a11, a12, a21, a22
        //   (the README's definitions of p1 .. p7).
        out[0 * size] = 0.0f;           // p1
        out[1 * size] = 0.0f;           // p2
        out[2 * size] = 0.0f;           // p3
        out[3 * size] = 0.0f;           // p4
        out[4 * size] = 0.0f;           // p5
        out[5 * size] = 0.0f;           // p6
        out[6 * size] = 0.0f;           // p7
    }

    // The right operands: quadrants of B are half_k × half_n.
    if (row < half_k && col < half_n) {
        __global const float* node_b = b + node * (4 * (size_t)half_k * half_n);
        const size_t width = 2 * (size_t)half_n;                  // a row of the node's B
        const float b11 = node_b[row * width + col];
        const float b12 = node_b[row * width + col + half_n];
        const float b21 = node_b[(row + half_k) * width + col];
        const float b22 = node_b[(row + half_k) * width + col + half_n];

        // TODO 2: the seven right operands, the factors that come from B
        //   (written with b11, b12, b21, b22), stored like the left ones:
        //   operand i of node `node` starts at right + (7·node + i)·half_k·half_n.
    }
}

// The four quadrants of every node's C from its seven products.
// Global size (>= half_n, >= half_m, nodes).
__kernel void strassen_merge(__global const float* products, __global float* c,
                             uint half_m, uint half_n)
{
    const uint col = get_global_id(0);
    const uint row = get_global_id(1);
    const uint node = get_global_id(2);
    if (row >= half_m || col >= half_n) return;   // no barrier follows: leaving early is safe

    const size_t size = (size_t)half_m * half_n;                  // elements of one product
    __global const float* in = products + node * 7 * size + (size_t)row * half_n + col;
    const float p1 = in[0 * size];
    const float p2 = in[1 * size];
    const float p3 = in[2 * size];
    const float p4 = in[3 * size];
    const float p5 = in[4 * size];
    const float p6 = in[5 * size];
    const float p7 = in[6 * size];

    __global float* node_c = c + node * (4 * size);
    const size_t width = 2 * (size_t)half_n;                      // a row of the node's C
    // TODO 3: derive which sum of p1 .. p7 gives each quadrant of C (README,
    //   "Deriving the merge"; check each one by hand before you write it) and
    //   write c11, c12, c21 and c22. c11 is the element (row, col) of the node's
    //   C; c12 is half_n columns to its right, c21 half_m rows below it.
    node_c[row * width + col] = 0.0f;                                       // c11
}

// Part 2 (README, "Part 2: Winograd's variant"): winograd_split and
// winograd_merge go here, with the same parameters as the two kernels above.
