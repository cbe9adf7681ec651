// The counting by hand: sectors per request, bank-conflict degrees, requests per warp.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include "memory_lens/counting/launch_counts.hpp"
#include "memory_lens/counting/request_cost.hpp"
#include "memory_lens/counting/warp_grouper.hpp"
#include "memory_lens/report/memory_table.hpp"

using namespace memory_lens;

namespace {

// A warp of `lanes` work-items, lane i reading `size` bytes at base + i * stride bytes.
std::vector<Access> strided(std::uint64_t base, std::uint64_t stride, std::uint32_t size, std::uint32_t lanes = 32) {
    std::vector<Access> accesses;
    for (std::uint32_t lane = 0; lane < lanes; ++lane) accesses.push_back({base + lane * stride, size, lane});
    return accesses;
}

}  // namespace

TEST_CASE("32 consecutive floats: 4 sectors, and 4 would do") {
    const GlobalCost cost = global_request_cost(strided(0, 4, 4));
    CHECK(cost.sectors == 4);
    CHECK(cost.ideal_sectors == 4);
    CHECK(cost.bytes == 128);
}

TEST_CASE("a misaligned run of 32 floats touches a fifth sector") {
    CHECK(global_request_cost(strided(4, 4, 4)).sectors == 5);
}

TEST_CASE("a stride of k floats (k >= 8): 32 sectors where 4 would do") {
    for (std::uint64_t k : {8, 9, 33, 1024}) {
        const GlobalCost cost = global_request_cost(strided(0, 4 * k, 4));
        CHECK(cost.sectors == 32);
        CHECK(cost.ideal_sectors == 4);
    }
    CHECK(global_request_cost(strided(0, 8, 4)).sectors == 8);  // stride 2: every other float
}

TEST_CASE("a broadcast: one sector, one bank word, no conflict") {
    const GlobalCost cost = global_request_cost(strided(64, 0, 4));
    CHECK(cost.sectors == 1);
    CHECK(cost.ideal_sectors == 1);
    CHECK(bank_conflict_degree(strided(64, 0, 4)) == 1);
}

TEST_CASE("float4: 32 lanes of 16 bytes are 16 sectors, all needed") {
    const GlobalCost cost = global_request_cost(strided(0, 16, 16));
    CHECK(cost.sectors == 16);
    CHECK(cost.ideal_sectors == 16);
}

TEST_CASE("bank conflicts: tile[lx][ly] 32 wide is 32-way, padded to 33 is 1-way") {
    // Lane i reads tile[i][c]: word i * width + c.
    CHECK(bank_conflict_degree(strided(0, 4 * 32, 4)) == 32);
    CHECK(bank_conflict_degree(strided(0, 4 * 33, 4)) == 1);
    CHECK(bank_conflict_degree(strided(0, 4, 4)) == 1);
    CHECK(bank_conflict_degree(strided(0, 8, 4)) == 2);   // stride of 2 words
    CHECK(bank_conflict_degree(strided(0, 4 * 16, 4)) == 16);
}

TEST_CASE("bank conflicts of float4: quarter-warp phases, consecutive is conflict-free") {
    CHECK(bank_conflict_degree(strided(0, 16, 16)) == 1);
    // Lane i at 32 floats apart: the 8 lanes of a phase all start in bank 0.
    CHECK(bank_conflict_degree(strided(0, 128, 16)) == 8);
}

TEST_CASE("requests: the k-th execution of one instruction by a warp's active work-items") {
    WarpGrouper grouper(32);
    LaunchCounts launch;
    const int instruction = 0;
    const Site site{7, Space::global, Direction::load};
    // A ragged work-group of 40 items: warp 0 full, warp 1 has 8 items; each item reads twice.
    for (std::uint32_t item = 0; item < 40; ++item) {
        grouper.record(&instruction, site, item, 4 * item, 4);
        grouper.record(&instruction, site, item, 4096 + 4 * item, 4);
    }
    grouper.flush(launch);
    const SiteCounts& counts = launch.sites.at(site);
    CHECK(counts.requests == 4);                  // 2 warps × 2 executions
    CHECK(counts.sectors == 4 + 4 + 1 + 1);       // the partial warp's 8 floats: one sector
    CHECK(counts.ideal_sectors == counts.sectors);
}

TEST_CASE("the L1 model: a sector a work-group loads is counted once while the work-group runs") {
    WarpGrouper grouper(32);
    LaunchCounts launch;
    const int instruction = 0;
    const Site site{7, Space::global, Direction::load};
    for (int group = 0; group < 2; ++group) {
        // Every work-item reads the same 32 floats (4 sectors) three times, a barrier between.
        for (int pass = 0; pass < 3; ++pass) {
            for (std::uint32_t item = 0; item < 32; ++item) grouper.record(&instruction, site, item, 4 * item, 4);
            grouper.flush(launch);
        }
        grouper.end_work_group(launch);
    }
    CHECK(launch.sites.at(site).sectors == 2 * 3 * 4);  // without a cache: every request
    CHECK(launch.l1_load_sectors == 2 * 4);             // with the model: once per work-group
    CHECK(launch.l1_largest_group_sectors == 4);
}

TEST_CASE("work-items that skip the access leave it out of the request") {
    WarpGrouper grouper(32);
    LaunchCounts launch;
    const int instruction = 0;
    const Site site{3, Space::global, Direction::store};
    for (std::uint32_t item = 0; item < 32; item += 2) grouper.record(&instruction, site, item, 4 * item, 4);
    grouper.flush(launch);
    CHECK(launch.sites.at(site).requests == 1);
    CHECK(launch.sites.at(site).sectors == 4);        // every other float: the same 4 sectors
    CHECK(launch.sites.at(site).ideal_sectors == 2);  // 64 bytes would fit in 2
}

TEST_CASE("--warp 64: one request where 32 would make two") {
    WarpGrouper grouper(64);
    LaunchCounts launch;
    const int instruction = 0;
    const Site site{1, Space::local, Direction::load};
    for (std::uint32_t item = 0; item < 64; ++item) grouper.record(&instruction, site, item, 4 * item, 4);
    grouper.flush(launch);
    CHECK(launch.sites.at(site).requests == 1);
    // 64 consecutive words: served in two phases of 128 bytes, each conflict-free.
    CHECK(launch.sites.at(site).degree_worst == 1);
}

TEST_CASE("the report goes to JSON and back unchanged") {
    MemoryReport report;
    report.warp = 64;
    LaunchCounts launch;
    launch.kernel = "transpose";
    launch.global_size = {64, 32, 1};
    launch.work_groups = 2;
    launch.barriers = 4;
    launch.sites[{12, Space::local, Direction::load}] = {8, 1024, 0, 0, 40, 32};
    report.launches.push_back(launch);
    const MemoryReport back = report_from_json(to_json(report));
    REQUIRE(back.launches.size() == 1);
    CHECK(back.warp == 64);
    CHECK(back.launches[0].kernel == "transpose");
    CHECK(back.launches[0].sites.at({12, Space::local, Direction::load}).degree_worst == 32);
    CHECK(totals_of(back.launches[0]).local_bytes == 1024);
    CHECK_THROWS(report_from_json(nlohmann::json{{"warp", 32}}));
}

TEST_CASE("the ladder: bytes per multiply-add from sectors, image bytes, and a lab that did not run") {
    memory_lens::LadderRow naive;
    naive.lab = "03";
    naive.title = "Naive matrix product";
    naive.size = "64×64×64";
    naive.multiply_adds = 64.0 * 64 * 64;
    naive.totals.global_load_sectors = 32768;  // 1 MiB: 4 bytes per multiply-add
    naive.totals.global_sectors = 33280;
    naive.l1_load_sectors = 4096;  // the L1 model: 0.5 bytes per multiply-add
    memory_lens::LadderRow image = naive;
    image.lab = "08";
    image.totals.image_requests = 4096;
    image.totals.image_bytes = 131072;  // 0.5 per multiply-add
    memory_lens::LadderRow broken = naive;
    broken.lab = "05";
    broken.problem = "did not run right under Oclgrind";
    const std::string table = memory_lens::ladder_table_text({naive, broken, image}, 32);
    CHECK(table.find("  03   Naive matrix product") != std::string::npos);
    CHECK(table.find("0.5000     4.0000     4.0625          -\n") != std::string::npos);
    CHECK(table.find("0.5000     4.0000     4.0625     0.5000\n") != std::string::npos);
    CHECK(table.find("  05   Naive matrix product               64×64×64    did not run right") != std::string::npos);
    CHECK(table.find("L1 model") != std::string::npos);
    CHECK(table.find("no cache is modelled") != std::string::npos);
}
