// Package scenario is the shared half of kubexplorer's feature-gate
// conformance suite: a table of operations and seeded random scenarios that
// are run, step by step, through two implementations of the same gate
// library generation — kubexplorer's core/featuregate and the real
// k8s.io/component-base/featuregate — and compared.
//
// One Go module cannot require two versions of k8s.io/component-base, so
// each generation is tested from a sibling module that pins its version
// (tools/conformance/v018, v030, v031, v033, v035, v037 — one per group of
// releases whose feature_gate.go is identical) and hands both
// implementations to Run through the shared harness in package suite. The
// adapter of the real library exists once, in tools/conformance/upstream,
// which every module compiles against its own pinned version. Besides the
// table and the random sequences (Random, shrunk by Shrink when they
// disagree), Kubelet builds scenarios on the real catalogs
// (core/featuregate/catalog).
//
// What must be identical after every step: the returned errors (as a set
// when several are aggregated), the warnings the step logged (as a
// multiset: upstream logs them while ranging over Go maps), the value of
// every feature (read on a deep copy, so that reading does not change which
// features count as queried), String(), KnownFeatures() and the emulation
// version. Where upstream's result depends on map order (which of several
// bad keys is reported before 1.31; which errors precede an unknown key
// after; which warnings were logged before the failing key), both results
// are checked against the set of outcomes some iteration order can produce,
// built by probing upstream one key at a time.
package scenario
