// Package kubefed registers the explorer's kubefed methods: kubefed's
// FederatedTypeConfig controller, sync controllers and kubefedctl
// (core/kubefed), on virtual time, driven by a scenario
// (docs/kubefed-scenario.md). Importing the package links the mechanism
// into an engine.
//
// kubefed.run runs a scenario to its end and returns the transcript (the
// format `kubexplorer kubefed run -o json` prints). A session is a running
// simulation: kubefed.load builds one from a scenario (control plane,
// clusters, steps) plus extra steps; kubefed.step runs one more scenario
// step (apply, delete, a cluster change, a restart, kubefedctl enable or
// disable, a fault), kubefed.advance moves the clock, kubefed.state reads
// the state and kubefed.close ends the session — the kubelet sessions have
// the same verbs. Every action is a step, so the page keeps the list of
// steps as its state and rebuilds the session from it (after an engine
// restart or from a share link).
//
// A step that runs but fails (an apply the webhook denies, a YAML error in
// the applied text) is not a method error: the reply carries the step's
// error as kubectl or kubefedctl print it, and a diagnostic that locates
// it. A request that is malformed (a scenario that does not parse, a step
// with two actions) is a bad_request with diagnostics.
package kubefed

import (
	"github.com/kubexplorer/kubexplorer/explorer"

	// The gallery this mechanism serves, linked with it (and only with it).
	_ "github.com/kubexplorer/kubexplorer/examples/kubefed"
)

func init() {
	explorer.RegisterMechanism("kubefed", "kubefed's FederatedTypeConfig controller")
	explorer.Register("kubefed.run", "run a kubefed scenario to its end; the transcript as data and text",
		func(_ *explorer.Engine, r RunRequest) (RunReply, error) { return Run(r) })
	explorer.Register("kubefed.versions", "the kubefed releases the model covers, oldest first, and the default (the newest)",
		func(*explorer.Engine, explorer.Empty) (VersionsReply, error) { return Versions(), nil })
	explorer.Register("kubefed.examples", "the kubefed gallery, sorted by name, and the default example",
		func(*explorer.Engine, explorer.Empty) (ExamplesReply, error) { return Examples() })
	explorer.Register("kubefed.example", "one kubefed example with its scenario",
		func(_ *explorer.Engine, r ExampleRequest) (ExampleReply, error) { return ExampleByName(r.Name) })
	explorer.Register("kubefed.load", "open a kubefed session on a scenario or example, then run its steps and the extra steps", load)
	explorer.Register("kubefed.step", "run one scenario step on a kubefed session", step)
	explorer.Register("kubefed.advance", "advance a kubefed session's virtual time (by a duration, or to an instant)", advance)
	explorer.Register("kubefed.state", "a kubefed session's state", state)
	explorer.Register("kubefed.close", "forget a kubefed session", closeSession)
	explorer.Register("kubefed.enable", "kubefedctl enable: generate (no session) or create on a session", enable)
}
