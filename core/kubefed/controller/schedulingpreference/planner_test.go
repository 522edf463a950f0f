package schedulingpreference

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func ptr(n int64) *int64 { return &n }

// The user guide's examples (facts 3.13) and the planner's edge cases.
func TestPlan(t *testing.T) {
	abc := []string{"A", "B", "C"}
	for _, tc := range []struct {
		name    string
		p       Preferences
		current map[string]int64
		want    map[string]int64
	}{
		{"no preferences: even", Preferences{TotalReplicas: 9, Clusters: map[string]ClusterPreferences{"*": {Weight: 1}}}, nil,
			map[string]int64{"A": 3, "B": 3, "C": 3}},
		{"weights 1 and 2, C unlisted", Preferences{TotalReplicas: 9, Clusters: map[string]ClusterPreferences{"A": {Weight: 1}, "B": {Weight: 2}}}, nil,
			map[string]int64{"A": 3, "B": 6, "C": 0}},
		{"minimum and maximum", Preferences{TotalReplicas: 9, Clusters: map[string]ClusterPreferences{
			"A": {MinReplicas: 4, MaxReplicas: ptr(6), Weight: 1}, "B": {MinReplicas: 4, MaxReplicas: ptr(8), Weight: 2}}}, nil,
			map[string]int64{"A": 4, "B": 5, "C": 0}},
		{"maxima leave replicas unplaced", Preferences{TotalReplicas: 10, Clusters: map[string]ClusterPreferences{"*": {Weight: 1, MaxReplicas: ptr(2)}}}, nil,
			map[string]int64{"A": 2, "B": 2, "C": 2}},
		{"zero weight gets only its minimum", Preferences{TotalReplicas: 5, Clusters: map[string]ClusterPreferences{"A": {MinReplicas: 1}, "B": {Weight: 1}}}, nil,
			map[string]int64{"A": 1, "B": 4, "C": 0}},
		{"without rebalance running replicas stay", Preferences{TotalReplicas: 6, Clusters: map[string]ClusterPreferences{"*": {Weight: 1}}}, map[string]int64{"A": 5},
			map[string]int64{"A": 5, "B": 1, "C": 0}},
		{"rebalance ignores them", Preferences{TotalReplicas: 6, Rebalance: true, Clusters: map[string]ClusterPreferences{"*": {Weight: 1}}}, map[string]int64{"A": 5},
			map[string]int64{"A": 2, "B": 2, "C": 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Plan(tc.p, abc, tc.current, "ns1/web")
			var sum int64
			for _, n := range got {
				sum += n
			}
			if tc.name == "without rebalance running replicas stay" {
				// Which of B and C gets the last replica depends on the hash order.
				require.Equal(t, int64(5), got["A"])
				require.Equal(t, int64(6), sum)
				return
			}
			require.Equal(t, tc.want, got)
		})
	}
}
