// Clusters and each student's highest match: what the index page is made of.
// A cluster is a connected group of the graph whose nodes are the students
// and known sources and whose edges are the flagged pairs, and the pairs from
// kClusterReach below the line between files already flagged: a ring of five
// copies (ten pairs), whose most disguised copies are a little less alike to
// each other than each is to its source, is one row.
#include "similarity_report.hpp"

#include <algorithm>
#include <map>
#include <numeric>

namespace similarity {

namespace {

struct Nodes {
    std::vector<std::size_t> parent;  // students 0..n-1, then known sources n..
    std::size_t root(std::size_t i) {
        while (parent[i] != i) i = parent[i] = parent[parent[i]];
        return i;
    }
    void join(std::size_t a, std::size_t b) { parent[root(b)] = root(a); }
};

std::size_t node_b(const LabCorpus& corpus, const PairSimilarity& pair) {
    return pair.b_known ? corpus.files.size() + pair.b : pair.b;
}

// A pair that belongs on a cluster's page: flagged, or close between two flagged files.
bool links(const PairSimilarity& pair, const std::vector<bool>& flagged, std::size_t b, double reach) {
    return pair.flagged || (flagged[pair.a] && flagged[b] && pair.score >= reach);
}

struct Joined {
    Nodes nodes;
    std::vector<bool> flagged;  // nodes in a flagged pair
    double reach = 0;           // the line less kClusterReach
};

Joined joined_nodes(const LabSimilarity& lab) {
    Joined joined;
    joined.nodes.parent.resize(lab.corpus.files.size() + lab.corpus.known.size());
    std::iota(joined.nodes.parent.begin(), joined.nodes.parent.end(), 0);
    joined.flagged.assign(joined.nodes.parent.size(), false);
    joined.reach = lab.flag.line - kClusterReach;
    for (const auto* list : {&lab.pairs, &lab.known_matches})
        for (const PairSimilarity& pair : *list)
            if (pair.flagged) joined.flagged[pair.a] = joined.flagged[node_b(lab.corpus, pair)] = true;
    for (const auto* list : {&lab.pairs, &lab.known_matches})
        for (const PairSimilarity& pair : *list)
            if (links(pair, joined.flagged, node_b(lab.corpus, pair), joined.reach))
                joined.nodes.join(pair.a, node_b(lab.corpus, pair));
    return joined;
}

}  // namespace

std::vector<Cluster> clusters_of(const LabSimilarity& lab) {
    Joined joined = joined_nodes(lab);
    Nodes& nodes = joined.nodes;
    std::map<std::size_t, Cluster> by_root;
    for (std::size_t i = 0; i < lab.pairs.size(); ++i)
        if (links(lab.pairs[i], joined.flagged, node_b(lab.corpus, lab.pairs[i]), joined.reach))
            by_root[nodes.root(lab.pairs[i].a)].pairs.push_back(i);
    for (std::size_t i = 0; i < lab.known_matches.size(); ++i)
        if (links(lab.known_matches[i], joined.flagged, node_b(lab.corpus, lab.known_matches[i]), joined.reach))
            by_root[nodes.root(lab.known_matches[i].a)].known_pairs.push_back(i);
    const std::size_t students = lab.corpus.files.size();
    for (std::size_t node = 0; node < nodes.parent.size(); ++node) {
        const auto found = by_root.find(nodes.root(node));
        if (found == by_root.end()) continue;  // in no flagged pair
        if (node < students) found->second.students.push_back(node);
        else found->second.known.push_back(node - students);
    }
    std::vector<Cluster> clusters;
    for (auto& [root, cluster] : by_root) {
        for (const std::size_t i : cluster.pairs) cluster.highest = std::max(cluster.highest, lab.pairs[i].score);
        for (const std::size_t i : cluster.known_pairs)
            cluster.highest = std::max(cluster.highest, lab.known_matches[i].score);
        clusters.push_back(std::move(cluster));
    }
    std::stable_sort(clusters.begin(), clusters.end(), [](const Cluster& x, const Cluster& y) {
        return x.highest > y.highest || (x.highest == y.highest && x.students.size() > y.students.size());
    });
    return clusters;
}

std::vector<HighestMatch> highest_matches(const LabSimilarity& lab) {
    std::vector<HighestMatch> highest(lab.corpus.files.size());
    for (std::size_t i = 0; i < highest.size(); ++i) highest[i].student = i;
    const auto offer = [&](std::size_t student, const PairSimilarity& pair) {
        if (highest[student].pair == nullptr || pair.score > highest[student].pair->score) highest[student].pair = &pair;
    };
    for (const PairSimilarity& pair : lab.known_matches) offer(pair.a, pair);
    for (const PairSimilarity& pair : lab.pairs) {
        offer(pair.a, pair);
        offer(pair.b, pair);
    }
    const auto score = [](const HighestMatch& m) { return m.pair == nullptr ? -1.0 : m.pair->score; };
    std::stable_sort(highest.begin(), highest.end(),
                     [&](const HighestMatch& x, const HighestMatch& y) { return score(x) > score(y); });
    return highest;
}

const SubmissionFile& other_file(const LabCorpus& corpus, const PairSimilarity& pair, std::size_t student) {
    if (!pair.b_known && pair.b == student) return corpus.files[pair.a];
    return file_b(corpus, pair);
}

}  // namespace similarity
