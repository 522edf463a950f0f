package scenario

import (
	"errors"
	"fmt"
	"time"

	"github.com/kubexplorer/kubexplorer/core/kubefed/controller/util"
	"github.com/kubexplorer/kubexplorer/core/kubefed/kubefedctl"
	"github.com/kubexplorer/kubexplorer/core/kubefed/simulation"
	"github.com/kubexplorer/kubexplorer/core/kubefed/store"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

// StepResult is the transcript entry of one step.
type StepResult struct {
	Step   int      `json:"step"`
	Line   int      `json:"line"`
	Action string   `json:"action"`
	Note   string   `json:"note,omitempty"`
	Output []string `json:"output"`
	Error  string   `json:"error,omitempty"`
	// ErrorLine is the line of Error when it has one (in the scenario, or
	// in the apply text of a step built outside a scenario).
	ErrorLine int                  `json:"errorLine,omitempty"`
	Logs      []util.LogEntry      `json:"logs"`
	Events    []util.Event         `json:"events"`
	Snapshot  *simulation.Snapshot `json:"snapshot"`

	// Err is the step's failure as the error value (an *unstructured.Error
	// knows its position), for callers that report it structured.
	Err error `json:"-"`
}

// Transcript is the result of running a scenario.
type Transcript struct {
	Name         string             `json:"name,omitempty"`
	Options      simulation.Options `json:"controlPlane"`
	Setup        StepResult         `json:"setup"`
	Steps        []StepResult       `json:"steps"`
	LogVerbosity int                `json:"logVerbosity"`
}

// Runner executes steps on a simulation and tracks what is new.
type Runner struct {
	Sim      *simulation.Simulation
	logMark  int
	eventSeq int
}

// NewRunner builds the simulation and joins the clusters.
func NewRunner(sc *Scenario) (*Runner, *StepResult, error) {
	opts, err := sc.Options()
	if err != nil {
		return nil, nil, err
	}
	sim, err := simulation.New(opts)
	if err != nil {
		return nil, nil, err
	}
	r := &Runner{Sim: sim}
	setup := &StepResult{Action: "setup", Output: []string{}}
	for _, c := range sc.Clusters {
		if err := sim.AddCluster(c); err != nil {
			return nil, nil, fmt.Errorf("clusters: %s: %v", c.Name, err)
		}
		setup.Output = append(setup.Output, fmt.Sprintf("kubefedcluster.core.kubefed.io/%s created", c.Name))
	}
	r.finish(setup)
	return r, setup, nil
}

func (r *Runner) finish(res *StepResult) {
	r.Sim.Settle()
	res.Logs = r.Sim.Log.Since(r.logMark)
	if res.Logs == nil {
		res.Logs = []util.LogEntry{}
	}
	r.logMark = r.Sim.Log.Len()
	res.Events = []util.Event{}
	for _, e := range r.Sim.Recorder.ChangedSince(r.eventSeq) {
		res.Events = append(res.Events, *e)
	}
	r.eventSeq = r.Sim.Recorder.Seq()
	res.Snapshot = r.Sim.Snapshot()
}

// Run executes one step.
func (r *Runner) Run(i int, st Step) StepResult {
	res := StepResult{Step: i + 1, Line: st.line, Note: st.Note, Output: []string{}}
	s := r.Sim
	fail := func(err error) {
		res.Error = err.Error()
		res.Err = err
		var ue *u.Error
		if errors.As(err, &ue) {
			res.ErrorLine = ue.Line
		}
	}
	switch {
	case st.Apply != "":
		res.Action = "apply"
		if st.Cluster != "" {
			res.Action = "apply to " + st.Cluster
		}
		out, err := s.Apply(st.Apply, st.Cluster)
		if err != nil {
			// Lines inside the apply block count from the line after "apply: |".
			if ue, ok := err.(*u.Error); ok && ue.Line > 0 && st.applyLine > 0 {
				err = &u.Error{Line: st.applyLine + ue.Line, Msg: ue.Msg}
			}
			fail(err)
			break
		}
		for _, a := range out {
			res.Output = append(res.Output, a.Message)
		}
	case st.Delete != nil:
		res.Action = fmt.Sprintf("delete %s %s", st.Delete.Kind, qualified(st.Delete.Namespace, st.Delete.Name))
		if st.Delete.Cluster != "" {
			res.Action += " in " + st.Delete.Cluster
		}
		msg, err := s.Delete(*st.Delete)
		if err != nil {
			fail(err)
		} else {
			res.Output = append(res.Output, msg)
		}
	case st.Advance != "":
		d, _ := time.ParseDuration(st.Advance)
		res.Action = "advance " + d.String()
		s.Advance(d)
	case st.ClusterOp != nil:
		c := st.ClusterOp
		switch {
		case c.Join != nil:
			res.Action = "join cluster " + c.Name
			spec := *c.Join
			spec.Name = c.Name
			if err := s.AddCluster(spec); err != nil {
				fail(err)
			}
		case c.Remove:
			res.Action = "unjoin cluster " + c.Name
			if err := s.RemoveCluster(c.Name); err != nil {
				fail(err)
			}
		case c.Labels != nil:
			res.Action = "label cluster " + c.Name
			if err := s.SetClusterLabels(c.Name, c.Labels); err != nil {
				fail(err)
			}
		case c.Health != "":
			res.Action = fmt.Sprintf("cluster %s /healthz now %s", c.Name, c.Health)
			if err := s.SetClusterHealth(c.Name, c.Health); err != nil {
				fail(err)
			}
		default:
			fail(fmt.Errorf("clusterOp: one of join, remove, labels, health is required"))
		}
	case st.Restart:
		res.Action = "restart controller manager"
		s.Restart()
	case st.Enable != nil:
		res.Action = "kubefedctl enable " + enableName(st.Enable)
		o := *st.Enable
		o.Release, o.Log = s.Cfg.Release, r.kubefedctlLog
		out, err := kubefedctl.Enable(s.Host, o)
		res.Output = lines(out)
		if err != nil {
			fail(err)
		}
	case st.Disable != nil:
		res.Action = "kubefedctl disable " + st.Disable.Name
		o := *st.Disable
		o.Release, o.Log = s.Cfg.Release, r.kubefedctlLog
		out, err := kubefedctl.Disable(s, o)
		res.Output = lines(out)
		if err != nil {
			fail(err)
		}
	case st.Fault != nil:
		f := st.Fault
		res.Action = fmt.Sprintf("fault: %s %s fails", f.Verb, f.Kind)
		count := f.Count
		if count == 0 {
			count = -1
		}
		if f.Delay != "" {
			d, _ := time.ParseDuration(f.Delay)
			res.Action = fmt.Sprintf("fault: %s %s in %s answers after %v", f.Verb, f.Kind, f.Cluster, d)
			if err := s.InjectAPIFault(f.Cluster, &store.Fault{Verb: f.Verb, Kind: f.Kind, Namespace: f.Namespace, Name: f.Name, Remaining: count, Delay: d}); err != nil {
				fail(err)
			}
			break
		}
		reason := f.Reason
		if reason == "" {
			reason = store.ReasonInternal
		}
		msg := f.Message
		if msg == "" {
			msg = "Internal error occurred: injected fault"
		}
		if err := s.InjectAPIFault(f.Cluster, &store.Fault{Verb: f.Verb, Kind: f.Kind, Namespace: f.Namespace, Name: f.Name, Remaining: count,
			Err: &store.StatusError{Code: 500, Reason: reason, Message: msg}}); err != nil {
			fail(err)
		}
	case st.StartFailure != nil:
		f := st.StartFailure
		res.Action = fmt.Sprintf("fault: starting the %s controller for %s fails", f.Controller, f.Kind)
		s.InjectStartFailure(f.Controller, f.Kind, f.Message)
	}
	r.finish(&res)
	return res
}

// kubefedctlLog puts kubefedctl's klog lines (its stderr) into the
// transcript's log, named after kubefedctl's file.
func (r *Runner) kubefedctlLog(severity, msg string) {
	switch severity {
	case "W":
		r.Sim.Log.Warningf("kubefedctl/enable/util.go", "%s", msg)
	default:
		r.Sim.Log.Infof("kubefedctl/enable/util.go", "%s", msg)
	}
}

func enableName(o *kubefedctl.EnableOptions) string {
	if o.Filename != "" {
		return "-f " + o.Filename
	}
	if o.Name != "" {
		return o.Name
	}
	if o.Target != nil {
		return o.Target.PluralName
	}
	return ""
}

func qualified(ns, name string) string {
	if ns == "" {
		return name
	}
	return ns + "/" + name
}

func lines(s string) []string {
	out := []string{}
	cur := ""
	for _, c := range s {
		if c == '\n' {
			out = append(out, cur)
			cur = ""
			continue
		}
		cur += string(c)
	}
	if cur != "" {
		out = append(out, cur)
	}
	return out
}

// Run parses nothing: it executes a parsed scenario.
func Run(sc *Scenario) (*Transcript, error) {
	r, setup, err := NewRunner(sc)
	if err != nil {
		return nil, err
	}
	t := &Transcript{Name: sc.Name, Options: r.Sim.Opts, Setup: *setup, LogVerbosity: sc.LogVerbosity}
	for i, st := range sc.Steps {
		t.Steps = append(t.Steps, r.Run(i, st))
	}
	return t, nil
}
