// Package gates registers the explorer's feature-gates methods: a kubelet's
// start-up (command line, config file, drop-ins, dynamic checkpoint) on a
// release, judged by core/kubeletstart — would it start, the exact lines it
// prints, the effective gates with their sources — and the upgrade check
// against a target release. Importing the package links the mechanism into
// an engine.
//
// The kubelet refusing to start is a result, not an error: its problems are
// the result's diagnostics, each at the input that caused it. Only a
// request the model cannot evaluate at all (an unknown release, a command
// line with an unterminated quote) is a bad_request.
package gates

import "github.com/kubexplorer/kubexplorer/explorer"

func init() {
	explorer.RegisterMechanism("gates", "Feature gates at kubelet start-up")
	explorer.Register("gates.evaluate", "kubelet start-up: verdict, printed lines, effective gates, diagnostics; with targetRelease the upgrade check",
		func(_ *explorer.Engine, r EvaluateRequest) (EvaluateReply, error) { return Evaluate(r) })
	explorer.Register("gates.examples", "the feature-gates gallery: name, title, description of every example, default first",
		func(*explorer.Engine, explorer.Empty) (ExamplesReply, error) { return Examples() })
	explorer.Register("gates.example", `one example of the feature-gates gallery by name (default: "default")`,
		func(_ *explorer.Engine, r ExampleRequest) (ExampleReply, error) { return Example(r.Name) })
}
