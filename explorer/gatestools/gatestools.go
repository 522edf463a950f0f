// Package gatestools registers the feature-gates methods for operators
// (issue 18): gates.explain, gates.import, gates.check, gates.diff and
// gates.components. explorer/gates defines them; only their registration is
// here, so that the engine of the page's first tab (wasm/cmd/gates), which
// imports explorer/gates alone, links neither these methods nor what only
// they use (node dumps, fleet checks). The CLI, the all-in-one engine and
// the gatestools engine (wasm/cmd/gatestools) import this package; the page
// loads that engine on demand and routes these methods to it
// (site/js/engine.js, ToolsMethods).
package gatestools

import (
	"github.com/kubexplorer/kubexplorer/explorer"
	"github.com/kubexplorer/kubexplorer/explorer/gates"
)

func init() {
	explorer.Register("gates.explain", "why a gate is on or off: every source that set it, in the kubelet's order, and the one that won; with targetRelease on the target too",
		func(_ *explorer.Engine, r gates.ExplainRequest) (gates.ExplainReply, error) { return gates.Explain(r) })
	explorer.Register("gates.import", "recognise a node dump's files (configz, kubeadm ConfigMap, ps, /proc, systemd, config files) and fill the start-up inputs",
		func(_ *explorer.Engine, r gates.ImportRequest) (gates.ImportReply, error) { return gates.Import(r) })
	explorer.Register("gates.check", "check a fleet of node dumps against an upgrade: a row per node (verdict, errors, warnings, gates that change), a summary, kubectl diff's exit status",
		func(_ *explorer.Engine, r gates.CheckRequest) (gates.CheckReply, error) { return gates.Check(r) })
	explorer.Register("gates.diff", "what changes between two releases' gates: additions, removals, promotions, default changes, locks, with the components that read each",
		func(_ *explorer.Engine, r gates.DiffRequest) (gates.DiffReply, error) { return gates.Diff(r) })
	explorer.Register("gates.components", "which components' code reads each gate of a release (kubelet, kube-apiserver, …)",
		func(_ *explorer.Engine, r gates.ComponentsRequest) (gates.ComponentsReply, error) {
			return gates.Components(r)
		})
}
