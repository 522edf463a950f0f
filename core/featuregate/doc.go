// Package featuregate re-implements the semantics of
// k8s.io/component-base/featuregate for every library generation a kubelet
// from 1.18 to 1.37 was built with, without importing any k8s.io module.
//
// # The model
//
// A gate knows a set of features (name → specs) and remembers which of them
// were set. The library generation being modelled is an explicit parameter,
// the Library (the component-base minor: 18 for v0.18, 37 for v0.37), because
// the same calls behave differently across generations:
//
//   - ≤ v0.30 (unversioned): each feature has exactly one FeatureSpec.
//     SetFromMap applies keys one by one on a copy, returns the first error
//     and then persists nothing; AllAlpha/AllBeta fill only gates that are
//     not set yet (so AllBeta=false switches default-on beta gates off).
//   - v0.31+ (versioned, KEP-4330): a feature has a list of specs, each valid
//     from a Version; the spec in force is picked at the emulation version
//     (and, from v0.35, the min-compatibility version). Every key ever set is
//     kept in a raw map that is stored before validation and re-resolved on
//     every call, so warnings repeat and a bad key poisons later calls.
//     Errors are aggregated; a feature with no spec yet is PRE-ALPHA.
//   - v0.33+: AddVersioned validates spec lists instead of sorting them.
//   - v0.35+: min-compatibility versions (AddVersioned stores "completed"
//     specs that inherit the previous entry's), dependencies between
//     features, checked after every successful resolution at the versions
//     being resolved for; Validate() is used by the kubelet and still logs.
//   - v0.36+: every warning becomes a structured log line; Validate is quiet.
//
// Versions (package version) follow apimachinery's version type: a
// semantic emulation or min-compatibility version keeps its pre-release
// ("1.33.0-alpha.1") in the gate's state and in error texts, and compares
// equal to the generic "1.33" the specs are written with. Emulation changes
// to versions that compare equal return at once (v0.31+), and AddMetrics
// reads every available feature, which counts it as queried (v0.31+).
//
// The conformance modules (tools/conformance) run a fixed table, thousands
// of seeded random call sequences and scenarios on the real catalogs
// against the real component-base of every generation whose
// feature_gate.go differs — v0.18, v0.30, v0.31, v0.33, v0.35, v0.37 — and
// compare results, error texts, warnings and the whole state after every
// call.
//
// # Determinism
//
// Upstream ranges over Go maps, so when several keys are wrong the error it
// reports (≤ v0.30) or the order inside the aggregate (v0.31+) varies from
// run to run. This package always walks keys in sorted (byte) order and
// dependencies by sorted feature name; OrderRule describes that rule so user
// interfaces can say that the real binary may report another of the errors.
// The effective values never depend on the order.
//
// # No side effects
//
// Upstream logs warnings through klog. Here they are values (Warning) handed
// to a WarningSink or collected on the gate; the caller renders them in the
// log dialect of the release it models. Enabled on an unknown feature panics
// exactly like upstream; user-facing code uses Lookup instead.
package featuregate

// OrderRule is the documented deterministic replacement for Go's random map
// iteration order inside SetFromMap and the dependency check.
const OrderRule = "keys are applied in sorted byte order and dependencies are checked by sorted feature name; " +
	"the real library walks Go maps in random order, so when several keys are invalid it may report a different one first"
