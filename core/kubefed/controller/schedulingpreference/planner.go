package schedulingpreference

import (
	"hash/fnv"
	"sort"
)

// ClusterPreferences are one entry of an RSP's spec.clusters.
type ClusterPreferences struct {
	MinReplicas int64
	MaxReplicas *int64
	Weight      int64
}

// Preferences are the parts of an RSP's spec the planner reads.
type Preferences struct {
	TotalReplicas int64
	Rebalance     bool
	Clusters      map[string]ClusterPreferences
}

type named struct {
	cluster string
	hash    uint32
	ClusterPreferences
}

// Plan distributes TotalReplicas over the available clusters the way
// upstream's planner does (pkg/controller/util/planner): clusters without a
// preference and without a "*" entry get 0; the others are ordered by weight
// (descending), ties broken by an FNV-32 hash of the cluster name followed by
// key ("namespace/name"); every cluster first gets its minimum; without
// rebalance the replicas already running in a cluster (current) are kept up
// to its maximum; the rest is handed out in rounds of ceil(remaining *
// weight / weightSum), capped by the maxima, until nothing is left or no
// cluster can take more. The model has no capacity estimates (no pending
// pods), so that part of upstream's planner never applies.
func Plan(p Preferences, available []string, current map[string]int64, key string) map[string]int64 {
	plan := map[string]int64{}
	var prefs []*named
	for _, c := range available {
		pref, ok := p.Clusters[c]
		if !ok {
			pref, ok = p.Clusters["*"]
		}
		if !ok {
			plan[c] = 0
			continue
		}
		h := fnv.New32()
		h.Write([]byte(c))
		h.Write([]byte(key))
		prefs = append(prefs, &named{cluster: c, hash: h.Sum32(), ClusterPreferences: pref})
	}
	sort.SliceStable(prefs, func(i, j int) bool {
		if prefs[i].Weight != prefs[j].Weight {
			return prefs[i].Weight > prefs[j].Weight
		}
		return prefs[i].hash < prefs[j].hash
	})
	remaining := p.TotalReplicas
	for _, pr := range prefs {
		n := min(pr.MinReplicas, remaining)
		remaining -= n
		plan[pr.cluster] = n
	}
	if !p.Rebalance {
		for _, pr := range prefs {
			planned := plan[pr.cluster]
			count, ok := current[pr.cluster]
			if !ok || count <= planned {
				continue
			}
			target := count
			if pr.MaxReplicas != nil {
				target = min(target, *pr.MaxReplicas)
			}
			extra := max(min(target-planned, remaining), 0)
			remaining -= extra
			plan[pr.cluster] = planned + extra
		}
	}
	for modified := true; modified && remaining > 0; {
		modified = false
		var weightSum int64
		for _, pr := range prefs {
			weightSum += pr.Weight
		}
		var next []*named
		round := remaining
		for _, pr := range prefs {
			if pr.Weight <= 0 {
				break
			}
			start := plan[pr.cluster]
			extra := min((round*pr.Weight+weightSum-1)/weightSum, remaining)
			total := start + extra
			full := false
			if pr.MaxReplicas != nil && total > *pr.MaxReplicas {
				total = *pr.MaxReplicas
				full = true
			}
			if !full {
				next = append(next, pr)
			}
			remaining -= total - start
			plan[pr.cluster] = total
			if total > start {
				modified = true
			}
		}
		prefs = next
	}
	return plan
}
