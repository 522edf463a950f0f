package v1

// EqualPodStatus reports whether two statuses serialise to the same JSON,
// without serialising them: the status manager and the config source
// compare statuses for every pod on every sync, so this is a hot path.
// It follows encoding/json's rules for these types: omitempty drops nil
// and empty slices, nil pointers and empty strings; a nil or zero *Time
// without omitempty is null; times are compared at the whole second that
// RFC 3339 keeps.
func EqualPodStatus(a, b *PodStatus) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.ObservedGeneration != b.ObservedGeneration || a.Phase != b.Phase || a.Message != b.Message ||
		a.Reason != b.Reason || a.HostIP != b.HostIP || a.PodIP != b.PodIP || a.QOSClass != b.QOSClass {
		return false
	}
	if !optTimeEqual(a.StartTime, b.StartTime) {
		return false
	}
	if len(a.Conditions) != len(b.Conditions) || len(a.HostIPs) != len(b.HostIPs) || len(a.PodIPs) != len(b.PodIPs) ||
		len(a.InitContainerStatuses) != len(b.InitContainerStatuses) || len(a.ContainerStatuses) != len(b.ContainerStatuses) {
		return false
	}
	for i := range a.Conditions {
		x, y := &a.Conditions[i], &b.Conditions[i]
		if x.Type != y.Type || x.ObservedGeneration != y.ObservedGeneration || x.Status != y.Status || x.Reason != y.Reason || x.Message != y.Message ||
			!timeEqual(x.LastProbeTime, y.LastProbeTime) || !timeEqual(x.LastTransitionTime, y.LastTransitionTime) {
			return false
		}
	}
	for i := range a.HostIPs {
		if a.HostIPs[i] != b.HostIPs[i] {
			return false
		}
	}
	for i := range a.PodIPs {
		if a.PodIPs[i] != b.PodIPs[i] {
			return false
		}
	}
	for i := range a.InitContainerStatuses {
		if !containerStatusEqual(&a.InitContainerStatuses[i], &b.InitContainerStatuses[i]) {
			return false
		}
	}
	for i := range a.ContainerStatuses {
		if !containerStatusEqual(&a.ContainerStatuses[i], &b.ContainerStatuses[i]) {
			return false
		}
	}
	return true
}

func containerStatusEqual(a, b *ContainerStatus) bool {
	if a.Name != b.Name || a.Ready != b.Ready || a.RestartCount != b.RestartCount || a.Image != b.Image ||
		a.ImageID != b.ImageID || a.ContainerID != b.ContainerID {
		return false
	}
	if (a.Started == nil) != (b.Started == nil) || (a.Started != nil && *a.Started != *b.Started) {
		return false
	}
	return stateEqual(&a.State, &b.State) && stateEqual(&a.LastTerminationState, &b.LastTerminationState)
}

func stateEqual(a, b *ContainerState) bool {
	if (a.Waiting == nil) != (b.Waiting == nil) || (a.Running == nil) != (b.Running == nil) || (a.Terminated == nil) != (b.Terminated == nil) {
		return false
	}
	if a.Waiting != nil && *a.Waiting != *b.Waiting {
		return false
	}
	if a.Running != nil && !timeEqual(a.Running.StartedAt, b.Running.StartedAt) {
		return false
	}
	if x, y := a.Terminated, b.Terminated; x != nil {
		if x.ExitCode != y.ExitCode || x.Signal != y.Signal || x.Reason != y.Reason || x.Message != y.Message ||
			x.ContainerID != y.ContainerID || !timeEqual(x.StartedAt, y.StartedAt) || !timeEqual(x.FinishedAt, y.FinishedAt) {
			return false
		}
	}
	return true
}

// timeEqual compares two *Time fields without omitempty: nil and zero are
// both null.
func timeEqual(a, b *Time) bool {
	az, bz := a == nil || a.IsZero(), b == nil || b.IsZero()
	if az || bz {
		return az == bz
	}
	return a.Unix() == b.Unix()
}

// optTimeEqual compares two *Time fields with omitempty: nil is absent,
// a zero time is null.
func optTimeEqual(a, b *Time) bool {
	if a == nil || b == nil {
		return a == b
	}
	return timeEqual(a, b)
}
