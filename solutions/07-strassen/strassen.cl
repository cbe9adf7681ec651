// Lab 07 solution: the element-wise kernels of Strassen's algorithm (part 1) and
// of Winograd's variant (part 2).
//
// One level cuts A, B and C into quadrants,
//
//     A = | a11 a12 |    B = | b11 b12 |    C = | c11 c12 |
//         | a21 a22 |        | b21 b22 |        | c21 c22 |
//
// (the README's letters: a = a11, b = a12, c = a21, d = a22 and
// e = b11, f = b12, g = b21, h = b22), and computes C from seven products of
// quadrant-sized matrices instead of eight. Strassen's products:
//
//     p1 = a (f - h)          p5 = (a + d)(e + h)
//     p2 = (a + b) h          p6 = (b - d)(g + h)
//     p3 = (c + d) e          p7 = (a - c)(e + f)
//     p4 = d (g - e)
//
// The host (common/problems/strassen/strassen_recursion.cpp) does the recursion: at each level
// it calls the split once for all the nodes of that level, multiplies all the
// products of the deepest level in one batched launch of the lab-06 GEMM, and
// comes back up calling the merge once per level.
//
// Layout. A node of a level is one product to compute, A (2·half_m × 2·half_k)
// times B (2·half_k × 2·half_n), row-major. The nodes of a level are stored one
// after another: node z's A starts at a + z·(2·half_m)·(2·half_k). Its seven
// left operands (the A side of p1 .. p7) are stored one after another too,
// after the 7 of the nodes before it: operand i of node z starts at
// left + (7·z + i)·half_m·half_k. The same holds for B and the right operands
// (half_k × half_n each), and for the products and C in the merge.
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

        // slide: split-left
        const size_t size = (size_t)half_m * half_k;              // elements of one operand
        __global float* out = left + node * 7 * size + (size_t)row * half_k + col;
        out[0 * size] = a11;            // p1 = a (f - h)
        out[1 * size] = a11 + a12;      // p2 = (a + b) h
        out[2 * size] = a21 + a22;      // p3 = (c + d) e
        out[3 * size] = a22;            // p4 = d (g - e)
        out[4 * size] = a11 + a22;      // p5 = (a + d)(e + h)
        out[5 * size] = a12 - a22;      // p6 = (b - d)(g + h)
        out[6 * size] = a11 - a21;      // p7 = (a - c)(e + f)
        // end slide: split-left
    }

    // The right operands: quadrants of B are half_k × half_n.
    if (row < half_k && col < half_n) {
        __global const float* node_b = b + node * (4 * (size_t)half_k * half_n);
        const size_t width = 2 * (size_t)half_n;                  // a row of the node's B
        const float b11 = node_b[row * width + col];
        const float b12 = node_b[row * width + col + half_n];
        const float b21 = node_b[(row + half_k) * width + col];
        const float b22 = node_b[(row + half_k) * width + col + half_n];

        // slide: split-right
        const size_t size = (size_t)half_k * half_n;
        __global float* out = right + node * 7 * size + (size_t)row * half_n + col;
        out[0 * size] = b12 - b22;      // p1 = a (f - h)
        out[1 * size] = b22;            // p2 = (a + b) h
        out[2 * size] = b11;            // p3 = (c + d) e
        out[3 * size] = b21 - b11;      // p4 = d (g - e)
        out[4 * size] = b11 + b22;      // p5 = (a + d)(e + h)
        out[5 * size] = b21 + b22;      // p6 = (b - d)(g + h)
        out[6 * size] = b11 + b12;      // p7 = (a - c)(e + f)
        // end slide: split-right
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

    // slide: merge
    // Each sum keeps the products whose terms a·e .. d·h make the quadrant's block
    // product, and cancels the rest (README: "Deriving the merge").
    __global float* node_c = c + node * (4 * size);
    const size_t width = 2 * (size_t)half_n;                      // a row of the node's C
    node_c[row * width + col] = p5 + p4 - p2 + p6;                          // c11 = ae + bg
    node_c[row * width + col + half_n] = p1 + p2;                           // c12 = af + bh
    node_c[(row + half_m) * width + col] = p3 + p4;                         // c21 = ce + dg
    node_c[(row + half_m) * width + col + half_n] = p1 + p5 - p3 - p7;      // c22 = cf + dh
    // end slide: merge
}

// ---- Part 2: Winograd's variant -----------------------------------------------
//
// The same seven multiplications, with operands built from shared partial sums,
// so that one level needs 15 additions of quadrant size instead of 18: 4 on the
// A side, 4 on the B side, 7 in the merge.
//
//     s1 = a21 + a22    s2 = s1 - a11    s3 = a11 - a21    s4 = a12 - s2
//     t1 = b12 - b11    t2 = b22 - t1    t3 = b22 - b12    t4 = t2 - b21
//
//     p1 = a11 b11    p2 = a12 b21    p3 = s4 b22    p4 = a22 t4
//     p5 = s1 t1      p6 = s2 t2      p7 = s3 t3
//
// Same parameters, layout and NDRange as strassen_split and strassen_merge.

__kernel void winograd_split(__global const float* a, __global const float* b,
                             __global float* left, __global float* right,
                             uint half_m, uint half_k, uint half_n)
{
    const uint col = get_global_id(0);
    const uint row = get_global_id(1);
    const uint node = get_global_id(2);

    if (row < half_m && col < half_k) {
        __global const float* node_a = a + node * (4 * (size_t)half_m * half_k);
        const size_t width = 2 * (size_t)half_k;
        const float a11 = node_a[row * width + col];
        const float a12 = node_a[row * width + col + half_k];
        const float a21 = node_a[(row + half_m) * width + col];
        const float a22 = node_a[(row + half_m) * width + col + half_k];

        // Four additions, each reusing the one before.
        const float s1 = a21 + a22;
        const float s2 = s1 - a11;
        const float s3 = a11 - a21;
        const float s4 = a12 - s2;
        const size_t size = (size_t)half_m * half_k;
        __global float* out = left + node * 7 * size + (size_t)row * half_k + col;
        out[0 * size] = a11;            // p1 = a11 b11
        out[1 * size] = a12;            // p2 = a12 b21
        out[2 * size] = s4;             // p3 = s4 b22
        out[3 * size] = a22;            // p4 = a22 t4
        out[4 * size] = s1;             // p5 = s1 t1
        out[5 * size] = s2;             // p6 = s2 t2
        out[6 * size] = s3;             // p7 = s3 t3
    }

    if (row < half_k && col < half_n) {
        __global const float* node_b = b + node * (4 * (size_t)half_k * half_n);
        const size_t width = 2 * (size_t)half_n;
        const float b11 = node_b[row * width + col];
        const float b12 = node_b[row * width + col + half_n];
        const float b21 = node_b[(row + half_k) * width + col];
        const float b22 = node_b[(row + half_k) * width + col + half_n];

        const float t1 = b12 - b11;
        const float t2 = b22 - t1;
        const float t3 = b22 - b12;
        const float t4 = t2 - b21;
        const size_t size = (size_t)half_k * half_n;
        __global float* out = right + node * 7 * size + (size_t)row * half_n + col;
        out[0 * size] = b11;            // p1
        out[1 * size] = b21;            // p2
        out[2 * size] = b22;            // p3
        out[3 * size] = t4;             // p4
        out[4 * size] = t1;             // p5
        out[5 * size] = t2;             // p6
        out[6 * size] = t3;             // p7
    }
}

__kernel void winograd_merge(__global const float* products, __global float* c,
                             uint half_m, uint half_n)
{
    const uint col = get_global_id(0);
    const uint row = get_global_id(1);
    const uint node = get_global_id(2);
    if (row >= half_m || col >= half_n) return;   // no barrier follows: leaving early is safe

    const size_t size = (size_t)half_m * half_n;
    __global const float* in = products + node * 7 * size + (size_t)row * half_n + col;
    const float p1 = in[0 * size];
    const float p2 = in[1 * size];
    const float p3 = in[2 * size];
    const float p4 = in[3 * size];
    const float p5 = in[4 * size];
    const float p6 = in[5 * size];
    const float p7 = in[6 * size];

    // Seven additions: u2 is shared by three quadrants, u3 by two.
    const float u1 = p1 + p2;                                      // c11
    const float u2 = p1 + p6;
    const float u3 = u2 + p7;
    const float u4 = u2 + p5;
    const float u5 = u4 + p3;                                      // c12
    const float u6 = u3 - p4;                                      // c21
    const float u7 = u3 + p5;                                      // c22
    __global float* node_c = c + node * (4 * size);
    const size_t width = 2 * (size_t)half_n;
    node_c[row * width + col] = u1;
    node_c[row * width + col + half_n] = u5;
    node_c[(row + half_m) * width + col] = u6;
    node_c[(row + half_m) * width + col + half_n] = u7;
}
