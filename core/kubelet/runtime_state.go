package kubelet

import (
	"errors"
	"fmt"

	"github.com/kubexplorer/kubexplorer/core/cri"
	"time"
)

// runtimeState is the kubelet's memory of the runtime's health
// (pkg/kubelet/runtime.go), refreshed by updateRuntimeUp every 5 s.
type runtimeState struct {
	lastBaseRuntimeSync time.Time
	runtimeErr          error
	networkErr          error
}

func condString(c *cri.RuntimeCondition) string {
	return fmt.Sprintf("%s=%t reason:%s message:%s", c.Type, c.Status, c.Reason, c.Message)
}

// updateRuntimeUp asks the runtime for its status: RuntimeReady false
// blocks the sync loop; NetworkReady false only blocks pods that need the
// pod network.
func (k *Kubelet) updateRuntimeUp() {
	st, err := k.rt.Status(k.ctx("updateRuntimeUp"))
	if err != nil {
		k.trace("runtime", fmt.Sprintf("Container runtime sanity check failed: %v", err))
		return
	}
	rs := &k.runtimeState
	rs.networkErr, rs.runtimeErr = nil, nil
	if c := st.Condition(cri.NetworkReady); c == nil || !c.Status {
		if c == nil {
			c = &cri.RuntimeCondition{Type: cri.NetworkReady}
		}
		rs.networkErr = fmt.Errorf("container runtime network not ready: %s", condString(c))
	}
	if c := st.Condition(cri.RuntimeReady); c == nil || !c.Status {
		if c == nil {
			c = &cri.RuntimeCondition{Type: cri.RuntimeReady}
		}
		rs.runtimeErr = fmt.Errorf("container runtime not ready: %s", condString(c))
		k.trace("runtime", rs.runtimeErr.Error())
		return
	}
	rs.lastBaseRuntimeSync = k.clock.Now()
}

// runtimeErrors is what syncLoop checks before every iteration.
func (k *Kubelet) runtimeErrors() error {
	rs := &k.runtimeState
	var errs []error
	switch {
	case rs.lastBaseRuntimeSync.IsZero():
		errs = append(errs, errors.New("container runtime status check may not have completed yet"))
	case k.clock.Now().Sub(rs.lastBaseRuntimeSync) > runtimeSyncThreshold:
		errs = append(errs, errors.New("container runtime is down"))
	}
	// The health checks (the PLEG) come before the runtime's own error.
	if ok, err := k.pleg.Healthy(); !ok {
		errs = append(errs, fmt.Errorf("PLEG is not healthy: %v", err))
	}
	if rs.runtimeErr != nil {
		errs = append(errs, rs.runtimeErr)
	}
	return aggregate(errs)
}

// aggregate formats errors like utilerrors.NewAggregate: one error as
// itself, several as "[a, b]".
func aggregate(errs []error) error {
	switch len(errs) {
	case 0:
		return nil
	case 1:
		return errs[0]
	}
	msg := "[" + errs[0].Error()
	for _, e := range errs[1:] {
		msg += ", " + e.Error()
	}
	return errors.New(msg + "]")
}

// networkErrors is runtimeState.networkErrors.
func (k *Kubelet) networkErrors() error { return k.runtimeState.networkErr }
