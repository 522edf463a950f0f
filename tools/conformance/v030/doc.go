// Package v030 runs kubexplorer's feature-gate conformance suite against the
// real k8s.io/component-base/featuregate v0.30.14, which stands for v0.22–v0.30 (GetAll from v0.22, AddMetrics from v0.26, OverrideDefault in v0.30).
// The adapter (tools/conformance/upstream) and the test bodies
// (scenario/suite) are shared; this module pins the library version they
// are compiled against.
package v030
