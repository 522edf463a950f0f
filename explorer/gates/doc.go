// Package gates registers the explorer's feature-gates methods. Importing
// the package links the mechanism into an engine: gates.evaluate and the
// gallery, what the page's first tab and a docs widget call. The methods
// for operators (explain, import, check, diff, components) are defined
// here too but registered by explorer/gatestools, which the CLI and the
// on-demand gatestools engine import: an engine without it does not link
// them or what only they use (the Go linker keeps only what is reachable).
//
// The methods answer an operator's questions about kubelets:
//
//   - gates.evaluate: a kubelet's start-up (command line, config file,
//     drop-ins, dynamic checkpoint) on a release, judged by
//     core/kubeletstart — would it start, the exact lines it prints, the
//     effective gates with their sources and the components that read
//     them — and, with a target release, the upgrade check;
//   - gates.explain: why a gate is on or off, the chain of sources;
//   - gates.import: a real node's dump (configz, kubeadm's ConfigMap, ps,
//     /proc, systemd units, …) recognised and turned into those inputs
//     (core/nodeimport);
//   - gates.check: a fleet of dumps against an upgrade, one row per node
//     and a summary, with kubectl diff's exit status (core/fleet);
//   - gates.diff: what two releases' catalogs differ in;
//   - gates.components: which binaries' code reads a gate
//     (core/featuregate/components).
//
// The kubelet refusing to start is a result, not an error: its problems are
// the result's diagnostics, each at the input that caused it; so is a node
// of a fleet that cannot be checked. Only a request that cannot be answered
// at all (an unknown release, a command line with an unterminated quote, a
// single dump that cannot be read) is a bad_request, and an unknown gate
// name is not_found.
package gates

import (
	"github.com/kubexplorer/kubexplorer/explorer"

	// The gallery this mechanism serves, linked with it (and only with it).
	_ "github.com/kubexplorer/kubexplorer/examples/gates"
)

func init() {
	explorer.RegisterMechanism("gates", "Feature gates at kubelet start-up")
	explorer.Register("gates.evaluate", "kubelet start-up: verdict, printed lines, effective gates, diagnostics; with targetRelease the upgrade check",
		func(_ *explorer.Engine, r EvaluateRequest) (EvaluateReply, error) { return Evaluate(r) })
	explorer.Register("gates.examples", "the feature-gates gallery: name, title, description of every example, default first",
		func(*explorer.Engine, explorer.Empty) (ExamplesReply, error) { return Examples() })
	explorer.Register("gates.example", `one example of the feature-gates gallery by name (default: "default")`,
		func(_ *explorer.Engine, r ExampleRequest) (ExampleReply, error) { return Example(r.Name) })
}
