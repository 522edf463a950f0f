package kubelet

import "fmt"

// CheckWaitList reports a pod worker that waits for newer PLEG data but is
// not on the wait list, or a listed worker not marked or listed twice.
func CheckWaitList(k *Kubelet) error {
	w := k.workers
	for _, s := range w.order {
		if s.waiting && w.live(s) && !s.listed {
			return fmt.Errorf("%s waits but is not listed", k.podName(s.uid))
		}
	}
	seen := map[*podSyncStatus]bool{}
	for _, s := range w.waitList {
		if !s.listed || seen[s] {
			return fmt.Errorf("%s: listed %v, twice %v", k.podName(s.uid), s.listed, seen[s])
		}
		seen[s] = true
	}
	return nil
}

// WaitingWorkers counts the workers that wait for newer PLEG data.
func WaitingWorkers(k *Kubelet) int {
	n := 0
	for _, s := range k.workers.order {
		if s.waiting && k.workers.live(s) {
			n++
		}
	}
	return n
}
