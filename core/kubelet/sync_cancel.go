package kubelet

import (
	"context"

	"github.com/kubexplorer/kubexplorer/core/cri"
)

// syncCancel is the cancellable context of one SyncPod run of the newest
// pod workers (podSyncStatus.cancelFn upstream). When an update makes the
// pod terminating, or shortens its grace period, while a SyncPod is in
// flight, the context is cancelled: the virtual wait in progress (an image
// pull, a hook) ends at once, the runtime call it covered returns
// "context canceled", and every later CRI call of that sync fails the same
// way, so nothing more is started. The 1.18 workers have no such context:
// the sync runs to its end and the kill waits as the undelivered update.
type syncCancel struct {
	ctx     context.Context
	cancel  context.CancelFunc
	pending *item  // the wait in progress
	then    func() // its continuation
}

func (k *Kubelet) newSyncCancel(caller string) *syncCancel {
	ctx, cancel := context.WithCancel(cri.WithCaller(context.Background(), caller))
	return &syncCancel{ctx: ctx, cancel: cancel}
}

// interrupt cancels the context and resumes the wait in progress now, in
// the worker phase of this instant.
func (sc *syncCancel) interrupt(k *Kubelet) {
	sc.cancel()
	if sc.pending == nil {
		return
	}
	k.ag.cancel(sc.pending)
	then := sc.then
	sc.pending, sc.then = nil, nil
	k.ag.after(0, phaseWorker, "sync cancelled", then)
}
