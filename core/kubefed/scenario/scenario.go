// Package scenario is kubexplorer's YAML format for kubefed experiments: a
// control plane, member clusters, and steps (apply, delete, advance time,
// change a cluster, restart the controller manager, kubefedctl enable or
// disable, inject faults). Run executes a scenario on a fresh
// simulation.Simulation and returns a transcript with a snapshot after every
// step. See docs/kubefed-scenario.md for the format.
//
// Decoding is strict: an unknown field or a value of the wrong kind is an
// error carrying its line.
package scenario

import (
	"fmt"
	"time"

	"github.com/kubexplorer/kubexplorer/core/kubefed/controllermanager"
	"github.com/kubexplorer/kubexplorer/core/kubefed/kubefedctl"
	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
	"github.com/kubexplorer/kubexplorer/core/kubefed/simulation"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

// Scenario is the top-level document.
type Scenario struct {
	Name         string                   `json:"name,omitempty"`
	Description  string                   `json:"description,omitempty"`
	ControlPlane ControlPlane             `json:"controlPlane,omitempty"`
	Clusters     []simulation.ClusterSpec `json:"clusters,omitempty"`
	Steps        []Step                   `json:"steps"`
	// LogVerbosity is the highest klog V level the text transcript shows
	// (the JSON transcript always has every line).
	LogVerbosity int `json:"logVerbosity,omitempty"`
}

// ControlPlane configures the host and the controller manager.
type ControlPlane struct {
	Version               string         `json:"version,omitempty"`
	Scope                 string         `json:"scope,omitempty"`
	KubeFedNamespace      string         `json:"kubefedNamespace,omitempty"`
	Webhook               *bool          `json:"webhook,omitempty"`
	DefaultFTCs           bool           `json:"defaultFTCs,omitempty"`
	FeatureGates          *GatesOverride `json:"featureGates,omitempty"`
	AdoptResources        string         `json:"adoptResources,omitempty"`
	NamespaceDeletionRace bool           `json:"namespaceDeletionRace,omitempty"`
}

// GatesOverride sets feature gates; unset gates keep their defaults.
type GatesOverride struct {
	PushReconciler              *bool `json:"PushReconciler,omitempty"`
	SchedulerPreferences        *bool `json:"SchedulerPreferences,omitempty"`
	RawResourceStatusCollection *bool `json:"RawResourceStatusCollection,omitempty"`
}

// Step is one action; exactly one field is set.
type Step struct {
	Apply        string                     `json:"apply,omitempty"`
	Cluster      string                     `json:"cluster,omitempty"` // with apply: a member instead of the host
	Delete       *simulation.ObjectRef      `json:"delete,omitempty"`
	Advance      string                     `json:"advance,omitempty"`
	ClusterOp    *ClusterOp                 `json:"clusterOp,omitempty"`
	Restart      bool                       `json:"restart,omitempty"`
	Enable       *kubefedctl.EnableOptions  `json:"enable,omitempty"`
	Disable      *kubefedctl.DisableOptions `json:"disable,omitempty"`
	Fault        *Fault                     `json:"fault,omitempty"`
	StartFailure *StartFailure              `json:"startFailure,omitempty"`
	Note         string                     `json:"note,omitempty"`

	line      int
	applyLine int
}

// ClusterOp changes a member cluster.
type ClusterOp struct {
	Name   string                  `json:"name"`
	Join   *simulation.ClusterSpec `json:"join,omitempty"`
	Health string                  `json:"health,omitempty"`
	Labels map[string]string       `json:"labels,omitempty"`
	Remove bool                    `json:"remove,omitempty"`
}

// Fault makes API requests fail or, with Delay, a member's answers late.
type Fault struct {
	Cluster   string `json:"cluster,omitempty"`
	Verb      string `json:"verb"`
	Kind      string `json:"kind"`
	Namespace string `json:"namespace,omitempty"`
	Name      string `json:"name,omitempty"`
	Count     int    `json:"count,omitempty"`
	Reason    string `json:"reason,omitempty"`
	Message   string `json:"message,omitempty"`
	// Delay makes a member cluster answer the matching requests this long
	// after they are sent (a Go duration), instead of failing them.
	Delay string `json:"delay,omitempty"`
}

// StartFailure makes a sync or status controller fail to start.
type StartFailure struct {
	Controller string `json:"controller"`
	Kind       string `json:"kind"`
	Message    string `json:"message"`
}

// Parse decodes a scenario strictly.
func Parse(text string) (*Scenario, error) {
	docs := u.SplitDocuments(text)
	if len(docs) == 0 {
		return nil, u.ErrEmpty
	}
	if len(docs) > 1 {
		return nil, &u.Error{Line: docs[1].StartLine, Msg: "a scenario is one YAML document"}
	}
	var sc Scenario
	if err := u.DecodeStrict(docs[0], &sc); err != nil {
		return nil, err
	}
	node, err := u.ParseNode(docs[0])
	if err != nil {
		return nil, err
	}
	pos := u.PositionsOf(node)
	for i := range sc.Steps {
		sc.Steps[i].line = pos.Line(fmt.Sprintf("steps[%d]", i))
		sc.Steps[i].applyLine = pos.Line(fmt.Sprintf("steps[%d].apply", i))
		if err := sc.Steps[i].validate(); err != nil {
			return nil, &u.Error{Line: sc.Steps[i].line, Msg: fmt.Sprintf("steps[%d]: %v", i, err)}
		}
	}
	for i, c := range sc.Clusters {
		if c.Name == "" {
			return nil, &u.Error{Line: pos.Line(fmt.Sprintf("clusters[%d]", i)), Msg: fmt.Sprintf("clusters[%d].name: Required value", i)}
		}
	}
	if _, err := sc.Options(); err != nil {
		return nil, &u.Error{Line: pos.Line("controlPlane"), Msg: "controlPlane." + err.Error()}
	}
	return &sc, nil
}

func (s *Step) validate() error {
	n := 0
	for _, set := range []bool{s.Apply != "", s.Delete != nil, s.Advance != "", s.ClusterOp != nil, s.Restart,
		s.Enable != nil, s.Disable != nil, s.Fault != nil, s.StartFailure != nil} {
		if set {
			n++
		}
	}
	if n != 1 {
		return fmt.Errorf("exactly one of apply, delete, advance, clusterOp, restart, enable, disable, fault, startFailure must be set (found %d)", n)
	}
	if s.Cluster != "" && s.Apply == "" {
		return fmt.Errorf("cluster is only valid with apply")
	}
	if s.Advance != "" {
		d, err := time.ParseDuration(s.Advance)
		if err != nil || d < 0 {
			return fmt.Errorf("advance: Invalid value: %q: a non-negative duration such as 30s or 5m", s.Advance)
		}
	}
	if s.Delete != nil && (s.Delete.Kind == "" || s.Delete.Name == "") {
		return fmt.Errorf("delete: kind and name are required")
	}
	if c := s.ClusterOp; c != nil {
		if c.Name == "" {
			return fmt.Errorf("clusterOp.name: Required value")
		}
	}
	if f := s.Fault; f != nil {
		switch f.Verb {
		case "create", "update", "updateStatus", "patch", "delete", "get":
		default:
			return fmt.Errorf("fault.verb: Unsupported value: %q: supported values: \"create\", \"update\", \"updateStatus\", \"patch\", \"delete\", \"get\"", f.Verb)
		}
		if f.Kind == "" {
			return fmt.Errorf("fault.kind: Required value")
		}
		if f.Delay != "" {
			if d, err := time.ParseDuration(f.Delay); err != nil || d <= 0 {
				return fmt.Errorf("fault.delay: Invalid value: %q: a positive duration such as 45s", f.Delay)
			}
			if f.Cluster == "" {
				return fmt.Errorf("fault.delay: only a member cluster's answers can be late: set fault.cluster")
			}
			if f.Reason != "" || f.Message != "" {
				return fmt.Errorf("fault.delay: a late answer is not an error: reason and message go in a fault of their own")
			}
		}
	}
	if f := s.StartFailure; f != nil && f.Controller != "sync" && f.Controller != "status" {
		return fmt.Errorf("startFailure.controller: Unsupported value: %q: supported values: \"sync\", \"status\"", f.Controller)
	}
	return nil
}

// Options converts the control plane section.
func (sc *Scenario) Options() (simulation.Options, error) {
	cp := sc.ControlPlane
	o := simulation.Options{Version: cp.Version, Scope: cp.Scope, KubeFedNamespace: cp.KubeFedNamespace, Webhook: cp.Webhook,
		DefaultFTCs: cp.DefaultFTCs, Gates: controllermanager.DefaultGates(), AdoptResources: cp.AdoptResources,
		NamespaceDeletionRace: cp.NamespaceDeletionRace}
	if g := cp.FeatureGates; g != nil {
		if g.PushReconciler != nil {
			o.Gates.PushReconciler = *g.PushReconciler
		}
		if g.SchedulerPreferences != nil {
			o.Gates.SchedulerPreferences = *g.SchedulerPreferences
		}
		if g.RawResourceStatusCollection != nil {
			o.Gates.RawResourceStatusCollection = *g.RawResourceStatusCollection
		}
	}
	if _, err := release.Parse("version", o.Version); err != nil {
		return o, err
	}
	switch o.Scope {
	case "", "Cluster", "Namespaced":
	default:
		return o, fmt.Errorf("scope: Unsupported value: %q: supported values: \"Cluster\", \"Namespaced\"", o.Scope)
	}
	switch o.AdoptResources {
	case "", "Enabled", "Disabled":
	default:
		return o, fmt.Errorf("adoptResources: Unsupported value: %q: supported values: \"Enabled\", \"Disabled\"", o.AdoptResources)
	}
	return o, nil
}

// Validate checks a step built outside Parse (the explorer's session
// methods): exactly one action, well-formed values.
func (s *Step) Validate() error { return s.validate() }
