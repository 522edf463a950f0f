// Package kubefed is the root of kubexplorer's model of kubefed (Kubernetes
// Cluster Federation, kubernetes-sigs/kubefed, archived as
// kubernetes-retired/kubefed): the FederatedTypeConfig (FTC) controller, the
// sync controllers it starts, the member clusters they propagate to, and
// kubefedctl enable/disable.
//
// Every release from v0.3.0 to v0.10.0 is modelled (package release; the
// default is v0.10.0): code whose behaviour changed between releases asks
// release.Release.Has for the named change and models both sides in place
// (docs/release-differences.md lists them).
//
// Everything runs on a core/sim.Clock: API writes produce watch events that
// are delivered by timers, controllers are work queues drained by timers,
// and retries are timers. Nothing here reads the wall clock or starts a
// goroutine.
//
// Sub-packages follow upstream's layout:
//
//	apis/core/v1beta1             FTC, KubeFedCluster and KubeFedConfig types, defaults
//	apis/core/v1beta1/validation  the validating webhook's rules and messages
//	store                         an in-memory API server (host and member clusters)
//	controller/util               work queue, informers, placement, overrides, logging
//	controller/federatedtypeconfig the FTC controller
//	controller/sync               the sync (propagation) controller
//	controller/kubefedcluster     member-cluster health
//	controller/schedulingpreference ReplicaSchedulingPreference scheduling
//	controllermanager             wiring, feature gates, restarts
//	kubefedctl                    enable / disable
//	release                       the releases and the changes between them
//	simulation                    a steppable session (the explorer's API)
//	scenario                      the YAML scenario format and transcripts
package kubefed
