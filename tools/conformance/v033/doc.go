// Package v033 runs kubexplorer's feature-gate conformance suite against the
// real k8s.io/component-base/featuregate v0.33.10, which stands for v0.33–v0.34 (identical): AddVersioned validates spec lists.
// The adapter (tools/conformance/upstream) and the test bodies
// (scenario/suite) are shared; this module pins the library version they
// are compiled against.
package v033
