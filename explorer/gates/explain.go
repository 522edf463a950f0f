package gates

import (
	"github.com/kubexplorer/kubexplorer/core/kubeletstart"
	"github.com/kubexplorer/kubexplorer/explorer"
)

// ExplainRequest is a kubelet's inputs (those of gates.evaluate) and the
// gate to explain. With targetRelease the gate is explained on the target
// release too.
type ExplainRequest struct {
	EvaluateRequest
	// Gate is required: a feature gate name, or a name the inputs set.
	Gate string `json:"gate"`
}

// ExplainReply answers "why is this gate on (or off)?".
type ExplainReply struct {
	Explanation *Explanation `json:"explanation"`
	// Target is the explanation on the target release, with targetRelease.
	Target *Explanation `json:"target,omitempty"`
}

// Explanation is the chain of every source that set the gate, in the
// order the kubelet applied them, and the one that won
// (core/kubeletstart's Explanation), with the evaluation's verdict and
// the components that read the gate.
type Explanation struct {
	*kubeletstart.Explanation
	// WouldStart and Stage are the evaluation's (see gates.evaluate): a
	// kubelet that stops may stop before a requested value takes effect.
	WouldStart bool   `json:"wouldStart"`
	Stage      string `json:"stage,omitempty"`
	// ReadBy lists the components whose code reads the gate in the
	// release; null when the release does not register it.
	ReadBy []Component `json:"readBy"`
}

// InputGate is the input of diagnostics about the gate of a request.
const InputGate = "gate"

// Explain runs the evaluation and explains one gate: the gates.explain
// method. A name the release does not register, and that no input sets,
// is not_found.
func Explain(r ExplainRequest) (ExplainReply, error) {
	if r.Gate == "" {
		return ExplainReply{}, explorer.InvalidField(InputGate, "gate is required")
	}
	if r.Release == "" {
		return ExplainReply{}, explorer.InvalidField(InputRelease, "release is required")
	}
	x, err := r.explain(r.Release, InputRelease, "")
	if err != nil {
		return ExplainReply{}, err
	}
	reply := ExplainReply{Explanation: x}
	if r.TargetRelease != "" {
		if reply.Target, err = r.explain(r.TargetRelease, InputTargetRelease, "target release: "); err != nil {
			return ExplainReply{}, err
		}
	}
	return reply, nil
}

func (r ExplainRequest) explain(release, input, prefix string) (*Explanation, error) {
	res, err := r.evaluate(release, input, prefix)
	if err != nil {
		return nil, err
	}
	x, err := res.Result.Explain(r.Gate)
	if err != nil {
		return nil, unknownGate(res.Release, r.Gate, InputGate)
	}
	return &Explanation{Explanation: x, WouldStart: res.WouldStart, Stage: res.Stage, ReadBy: readers(res.Release)(r.Gate)}, nil
}
