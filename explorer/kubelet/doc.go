// Package kubelet registers the explorer's kubelet methods: the kubelet
// sync loop over a fake CRI (core/kubelet), on virtual time, driven by a
// scenario (docs/kubelet-scenario.md). Importing the package links the
// mechanism into an engine.
//
// kubelet.run plays a scenario to its end and returns the transcript (the
// format `kubexplorer kubelet run -o json` prints). A session is a running
// kubelet model: kubelet.load builds one from a scenario; kubelet.advance
// moves its clock (instants with work, by a duration, or to an instant) and
// answers with what changed since the cursor the caller already has, so the
// page can play hundreds of pods without re-sending everything each frame;
// kubelet.step performs one timeline action now (create, update or delete a
// pod, a runtime fault); kubelet.state reads the state; kubelet.close ends
// the session. The kubefed sessions have the same verbs.
package kubelet

import (
	"github.com/kubexplorer/kubexplorer/explorer"

	// The gallery this mechanism serves, linked with it (and only with it).
	_ "github.com/kubexplorer/kubexplorer/examples/kubelet"
)

func init() {
	explorer.RegisterMechanism("kubelet", "The kubelet sync loop")
	explorer.Register("kubelet.run", "play a kubelet scenario to its end; the transcript as JSON and text",
		func(_ *explorer.Engine, r RunRequest) (RunReply, error) { return Run(r) })
	explorer.Register("kubelet.examples", "the kubelet gallery, crashloop first",
		func(*explorer.Engine, explorer.Empty) (ExamplesReply, error) { return Examples() })
	explorer.Register("kubelet.example", "one kubelet example with its scenario",
		func(_ *explorer.Engine, r ExampleRequest) (Example, error) { return ExampleByName(r.Name) })
	explorer.Register("kubelet.load", "open a kubelet session from a scenario or an example (at t=0, nothing run yet)", load)
	explorer.Register("kubelet.advance", "advance a kubelet session (instants with work, by a duration, or to an instant) and return what changed", advance)
	explorer.Register("kubelet.step", "perform one timeline action now (YAML: create, update, delete or fault) and return what changed", step)
	explorer.Register("kubelet.state", "a kubelet session's state: what changed since the cursor", state)
	explorer.Register("kubelet.close", "forget a kubelet session", closeSession)
}
