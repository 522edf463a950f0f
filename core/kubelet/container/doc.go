// Package container is the model of pkg/kubelet/container (kubecontainer):
// the runtime-side view of pods and containers the kubelet works with, the
// PLEG-fed pod status cache with its "newer than" gate, the sync results
// and error sentinels whose names become waiting reasons, the restart rule
// ShouldContainerBeRestarted, and the container spec hash.
//
// It also defines Waiter, the one concession to virtual time: code that
// upstream would block on (a pull, a stop, an exec) hands the rest of its
// work to Waiter.Wait and returns.
package container
