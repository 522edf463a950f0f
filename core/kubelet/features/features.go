// Package features gives the kubelet model its release and its effective
// feature gates.
//
// The model only asks Enabled(name). Where the gates come from is pluggable:
// the explorer can pass the real catalog of core/featuregate; this package
// also carries a small fixed table of the gates the kubelet model reads,
// with their per-release specs, so the core works on its own.
package features

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/kubexplorer/kubexplorer/core/releases"
)

// Gates answers whether a feature gate is on.
type Gates interface {
	Enabled(name string) bool
}

// The gates the kubelet model reads.
const (
	SidecarContainers                  = "SidecarContainers"
	PodReadyToStartContainersCondition = "PodReadyToStartContainersCondition"
	PodHasNetworkCondition             = "PodHasNetworkCondition"
	KubeletCrashLoopBackOffMax         = "KubeletCrashLoopBackOffMax"
	ReduceDefaultCrashLoopBackOffDecay = "ReduceDefaultCrashLoopBackOffDecay"
	StartupProbe                       = "StartupProbe"
	KubeletEnsureSecretPulledImages    = "KubeletEnsureSecretPulledImages"
	ProbeTerminationGracePeriod        = "ProbeTerminationGracePeriod"
	PodHostIPs                         = "PodHostIPs"
	PodObservedGenerationTracking      = "PodObservedGenerationTracking"
	PLEGOnDemandRelist                 = "PLEGOnDemandRelist"
	ExecProbeTimeout                   = "ExecProbeTimeout"
	GRPCContainerProbe                 = "GRPCContainerProbe"
	PodLifecycleSleepAction            = "PodLifecycleSleepAction"
	PodLifecycleSleepActionAllowZero   = "PodLifecycleSleepActionAllowZero"
	// ChangeContainerStatusOnKubeletRestart is GA and on since 1.0 but
	// listed only from 1.35, deprecated and off: off, a running
	// container keeps its previous started value.
	ChangeContainerStatusOnKubeletRestart = "ChangeContainerStatusOnKubeletRestart"
	ContainerRestartRules                 = "ContainerRestartRules"
	// RestartAllContainersOnContainerExits allows the restart rule action
	// RestartAllContainers (and rules on sidecars): a container that exits
	// with a matching code has every container of its pod restarted in
	// place.
	RestartAllContainersOnContainerExits = "RestartAllContainersOnContainerExits"
	// LegacySidecarContainers (1.33 only, deprecated and off): on, a pod
	// without a sidecar keeps the init-container rule from before sidecars.
	LegacySidecarContainers = "LegacySidecarContainers"
)

// Spec is one step of a gate's life, valid from Version on.
type Spec struct {
	Version       string
	Default       bool
	LockToDefault bool
	PreRelease    string
}

// Removed marks the release from which a gate no longer exists.
const removed = "REMOVED"

// table lists, per gate, its specs in release order.
var table = map[string][]Spec{
	SidecarContainers:                     {{"1.28", false, false, "ALPHA"}, {"1.29", true, false, "BETA"}, {"1.33", true, true, "GA"}, {"1.37", true, true, removed}},
	PodHasNetworkCondition:                {{"1.25", false, false, "ALPHA"}, {"1.28", false, false, removed}},
	PodReadyToStartContainersCondition:    {{"1.28", false, false, "ALPHA"}, {"1.29", true, false, "BETA"}},
	KubeletCrashLoopBackOffMax:            {{"1.32", false, false, "ALPHA"}, {"1.35", true, false, "BETA"}},
	ReduceDefaultCrashLoopBackOffDecay:    {{"1.33", false, false, "ALPHA"}},
	StartupProbe:                          {{"1.16", false, false, "ALPHA"}, {"1.18", true, false, "BETA"}, {"1.20", true, true, "GA"}, {"1.23", true, true, removed}},
	KubeletEnsureSecretPulledImages:       {{"1.33", false, false, "ALPHA"}, {"1.35", true, false, "BETA"}},
	ProbeTerminationGracePeriod:           {{"1.21", false, false, "ALPHA"}, {"1.22", false, false, "BETA"}, {"1.25", true, false, "BETA"}, {"1.28", true, true, "GA"}, {"1.29", true, true, removed}},
	PodHostIPs:                            {{"1.28", false, false, "ALPHA"}, {"1.29", true, false, "BETA"}, {"1.30", true, true, "GA"}, {"1.32", true, true, removed}},
	PodObservedGenerationTracking:         {{"1.33", false, false, "ALPHA"}, {"1.34", true, false, "BETA"}, {"1.35", true, true, "GA"}},
	PLEGOnDemandRelist:                    {{"1.36", true, false, "BETA"}, {"1.37", true, true, "GA"}},
	ExecProbeTimeout:                      {{"1.20", true, false, "GA"}, {"1.35", true, true, "GA"}},
	GRPCContainerProbe:                    {{"1.23", false, false, "ALPHA"}, {"1.24", true, false, "BETA"}, {"1.27", true, true, "GA"}, {"1.29", true, true, removed}},
	PodLifecycleSleepAction:               {{"1.29", false, false, "ALPHA"}, {"1.30", true, false, "BETA"}, {"1.34", true, true, "GA"}, {"1.37", true, true, removed}},
	PodLifecycleSleepActionAllowZero:      {{"1.32", false, false, "ALPHA"}, {"1.33", true, false, "BETA"}, {"1.34", true, true, "GA"}, {"1.37", true, true, removed}},
	ChangeContainerStatusOnKubeletRestart: {{"1.35", false, false, "DEPRECATED"}},
	ContainerRestartRules:                 {{"1.34", false, false, "ALPHA"}, {"1.35", true, false, "BETA"}},
	LegacySidecarContainers:               {{"1.33", false, false, "DEPRECATED"}, {"1.34", false, false, removed}},
	RestartAllContainersOnContainerExits:  {{"1.35", false, false, "ALPHA"}, {"1.36", true, false, "BETA"}},
}

// Oldest and Newest bound the releases the kubelet model knows: the
// project's one release range.
const (
	Oldest = releases.Oldest
	Newest = releases.Newest
)

// Minor parses "1.N" (a leading "v" and a patch are accepted).
func Minor(release string) (int, error) { return releases.Minor(release) }

// Releases lists every modelled release.
func Releases() []string { return releases.All() }

// SpecAt returns the spec of gate name at release minor, and whether the
// gate exists then.
func SpecAt(name string, minor int) (Spec, bool) {
	cur, found := lastSpec(name, minor)
	if !found || cur.PreRelease == removed {
		return Spec{}, false
	}
	return cur, true
}

// lastSpec is the latest step of a gate's life at or before minor,
// removals included.
func lastSpec(name string, minor int) (Spec, bool) {
	var cur Spec
	found := false
	for _, s := range table[name] {
		m, _ := strconv.Atoi(strings.TrimPrefix(s.Version, "1."))
		if m <= minor {
			cur, found = s, true
		}
	}
	return cur, found
}

// Fixed is the fixed-table gate set of a release with user overrides.
type Fixed struct {
	minor     int
	overrides map[string]bool
}

// ForRelease resolves the fixed table at release with overrides. Unknown
// gates and locked gates set against their default are errors, with the
// feature-gate library's wording.
func ForRelease(release string, overrides map[string]bool) (*Fixed, error) {
	m, err := Minor(release)
	if err != nil {
		return nil, err
	}
	f := &Fixed{minor: m, overrides: map[string]bool{}}
	names := make([]string, 0, len(overrides))
	for k := range overrides {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		v := overrides[k]
		s, ok := SpecAt(k, m)
		if !ok {
			return nil, fmt.Errorf("unrecognized feature gate: %s", k)
		}
		if s.LockToDefault && v != s.Default {
			return nil, fmt.Errorf("cannot set feature gate %s to %v, feature is locked to %v", k, v, s.Default)
		}
		f.overrides[k] = v
	}
	return f, nil
}

// Enabled implements Gates. A gate not yet added is off; a removed gate
// answers what the kubelet code does without it (on once graduated).
func (f *Fixed) Enabled(name string) bool {
	if v, ok := f.overrides[name]; ok {
		return v
	}
	s, ok := lastSpec(name, f.minor)
	return ok && s.Default
}

// Known lists the gates of the fixed table that exist at the release.
func (f *Fixed) Known() []string {
	var out []string
	for k := range table {
		if _, ok := SpecAt(k, f.minor); ok {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// Map is a Gates backed by a plain map (for tests and adapters).
type Map map[string]bool

// Enabled implements Gates.
func (m Map) Enabled(name string) bool { return m[name] }
