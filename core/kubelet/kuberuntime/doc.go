// Package kuberuntime models pkg/kubelet/kuberuntime, the kubelet's
// generic runtime manager on top of the CRI:
//
//   - GetPods and GetPodStatus read the runtime (sandboxes and containers,
//     newest first) for the PLEG and the pod workers;
//   - computePodActions decides, from the pod spec and the runtime status,
//     whether to (re)create the sandbox, which init containers (including
//     restartable "sidecar" init containers) and regular containers to
//     start, and which to kill and why;
//   - SyncPod carries those actions out: kill, prune, RunPodSandbox,
//     doBackOff (CrashLoopBackOff), startContainer (image, create, start,
//     postStart hook) and records the events of each step;
//   - KillPod and killContainer stop containers with the right grace period
//     (preStop hook, sidecars after the main containers) and stop sandboxes.
//
// Blocking steps (pulls, stops, hooks) continue through a
// kubecontainer.Waiter, so every function that may block takes a done
// callback instead of returning.
//
// Where upstream ranges over a Go map (containers to kill), this model kills
// in the order computePodActions found them (init containers last to first,
// then regular containers in spec order).
package kuberuntime
