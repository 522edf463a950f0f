// Package v037 runs kubexplorer's feature-gate conformance suite against the
// real k8s.io/component-base/featuregate v0.37.2, which stands for v0.36–v0.37 (identical): structured warnings, quiet Validate.
// The adapter (tools/conformance/upstream) and the test bodies
// (scenario/suite) are shared; this module pins the library version they
// are compiled against.
package v037
