package kubelet

import (
	kubecontainer "github.com/kubexplorer/kubexplorer/core/kubelet/container"
)

type reasonInfo struct {
	err     error
	message string
}

// reasonCache remembers, per pod and container, why the last start failed
// (pkg/kubelet/reason_cache.go); status generation turns it into the
// waiting reason and message. A successful start clears the entry.
type reasonCache map[string]map[string]reasonInfo

func (c reasonCache) update(uid string, r *kubecontainer.PodSyncResult) {
	for _, s := range r.SyncResults {
		if s.Action != kubecontainer.StartContainer {
			continue
		}
		if s.Error != nil {
			if c[uid] == nil {
				c[uid] = map[string]reasonInfo{}
			}
			c[uid][s.Target] = reasonInfo{err: s.Error, message: s.Message}
		} else if c[uid] != nil {
			delete(c[uid], s.Target)
		}
	}
}

func (c reasonCache) get(uid, name string) (reasonInfo, bool) {
	r, ok := c[uid][name]
	return r, ok
}

func (c reasonCache) remove(uid string) { delete(c, uid) }
