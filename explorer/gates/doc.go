// Package gates registers the explorer's feature-gates methods. Importing
// the package links the mechanism into an engine.
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

import "github.com/kubexplorer/kubexplorer/explorer"

func init() {
	explorer.RegisterMechanism("gates", "Feature gates at kubelet start-up")
	explorer.Register("gates.evaluate", "kubelet start-up: verdict, printed lines, effective gates, diagnostics; with targetRelease the upgrade check",
		func(_ *explorer.Engine, r EvaluateRequest) (EvaluateReply, error) { return Evaluate(r) })
	explorer.Register("gates.explain", "why a gate is on or off: every source that set it, in the kubelet's order, and the one that won; with targetRelease on the target too",
		func(_ *explorer.Engine, r ExplainRequest) (ExplainReply, error) { return Explain(r) })
	explorer.Register("gates.import", "recognise a node dump's files (configz, kubeadm ConfigMap, ps, /proc, systemd, config files) and fill the start-up inputs",
		func(_ *explorer.Engine, r ImportRequest) (ImportReply, error) { return Import(r) })
	explorer.Register("gates.check", "check a fleet of node dumps against an upgrade: a row per node (verdict, errors, warnings, gates that change), a summary, kubectl diff's exit status",
		func(_ *explorer.Engine, r CheckRequest) (CheckReply, error) { return Check(r) })
	explorer.Register("gates.diff", "what changes between two releases' gates: additions, removals, promotions, default changes, locks, with the components that read each",
		func(_ *explorer.Engine, r DiffRequest) (DiffReply, error) { return Diff(r) })
	explorer.Register("gates.components", "which components' code reads each gate of a release (kubelet, kube-apiserver, …)",
		func(_ *explorer.Engine, r ComponentsRequest) (ComponentsReply, error) { return Components(r) })
	explorer.Register("gates.examples", "the feature-gates gallery: name, title, description of every example, default first",
		func(*explorer.Engine, explorer.Empty) (ExamplesReply, error) { return Examples() })
	explorer.Register("gates.example", `one example of the feature-gates gallery by name (default: "default")`,
		func(_ *explorer.Engine, r ExampleRequest) (ExampleReply, error) { return Example(r.Name) })
}
