package container

import "time"

type cacheData struct {
	status   *PodStatus
	err      error
	modified time.Time
	// observed is when the entry was last found unchanged by a single-pod
	// relist (1.36's on-demand relist).
	observed time.Time
}

// Cache is the PLEG's pod status cache (pkg/kubelet/container/cache.go).
// Upstream's GetNewerThan blocks until the entry or the cache's global
// timestamp is newer than a given time; here GetNewerThan answers at once
// and reports whether that condition holds, and OnChange tells the pod
// workers when to ask again.
type Cache struct {
	pods      map[string]*cacheData
	timestamp time.Time
	// OnChange is called after every Set and UpdateTime.
	OnChange func()
}

// NewCache returns an empty cache.
func NewCache() *Cache { return &Cache{pods: map[string]*cacheData{}} }

// Get returns the cached status (an empty one if none).
func (c *Cache) Get(uid string) (*PodStatus, error) {
	if d, ok := c.pods[uid]; ok {
		return d.status, d.err
	}
	return &PodStatus{ID: uid}, nil
}

// GetNewerThan returns the status if it is newer than minTime: the entry
// was modified after it, or the global timestamp is after it.
func (c *Cache) GetNewerThan(uid string, minTime time.Time) (*PodStatus, error, bool) {
	d, ok := c.pods[uid]
	global := !c.timestamp.IsZero() && c.timestamp.After(minTime)
	if !ok && global {
		return &PodStatus{ID: uid}, nil, true
	}
	if ok && (d.modified.After(minTime) || d.observed.After(minTime) || global) {
		return d.status, d.err, true
	}
	return nil, nil, false
}

// Set stores a status read at timestamp.
func (c *Cache) Set(uid string, status *PodStatus, err error, timestamp time.Time) {
	if d, ok := c.pods[uid]; ok {
		// Readers get an entry's fields, never the entry: overwrite it.
		*d = cacheData{status: status, err: err, modified: timestamp, observed: timestamp}
	} else {
		c.pods[uid] = &cacheData{status: status, err: err, modified: timestamp, observed: timestamp}
	}
	if c.OnChange != nil {
		c.OnChange()
	}
}

// SetObservedTime records that the entry was still right at t.
func (c *Cache) SetObservedTime(uid string, t time.Time) {
	if d, ok := c.pods[uid]; ok {
		d.observed = t
	}
	if c.OnChange != nil {
		c.OnChange()
	}
}

// Delete drops an entry.
func (c *Cache) Delete(uid string) { delete(c.pods, uid) }

// UpdateTime moves the global timestamp forward.
func (c *Cache) UpdateTime(t time.Time) {
	if t.After(c.timestamp) {
		c.timestamp = t
	}
	if c.OnChange != nil {
		c.OnChange()
	}
}

// Timestamp is the global timestamp.
func (c *Cache) Timestamp() time.Time { return c.timestamp }
