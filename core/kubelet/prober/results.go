package prober

// Result is a probe result (prober/results).
type Result int

// The probe results.
const (
	Unknown Result = iota - 1
	Success
	Failure
)

// probeUnknown is the text of pkg/probe's Unknown result, which a probe
// that errored ends in (lower case, unlike the results manager's UNKNOWN).
const probeUnknown = "unknown"

func (r Result) String() string {
	switch r {
	case Success:
		return "Success"
	case Failure:
		return "Failure"
	}
	return "UNKNOWN"
}

// Update is a change of a container's result.
type Update struct {
	ContainerID string
	Result      Result
	PodUID      string
}

// ResultsManager caches the latest result per container and reports
// changes (prober/results.Manager).
type ResultsManager struct {
	cache map[string]Result
	// OnUpdate receives every change; the kubelet routes it to its loop.
	OnUpdate func(Update)
}

// NewResultsManager returns an empty results manager.
func NewResultsManager() *ResultsManager { return &ResultsManager{cache: map[string]Result{}} }

// Get returns the cached result of a container.
func (m *ResultsManager) Get(id string) (Result, bool) {
	r, ok := m.cache[id]
	return r, ok
}

// Set stores a result and reports it if it is new or different.
func (m *ResultsManager) Set(id string, r Result, podUID string) {
	if prev, ok := m.cache[id]; ok && prev == r {
		return
	}
	m.cache[id] = r
	if m.OnUpdate != nil {
		m.OnUpdate(Update{ContainerID: id, Result: r, PodUID: podUID})
	}
}

// Remove forgets a container.
func (m *ResultsManager) Remove(id string) { delete(m.cache, id) }
