package siteserver

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"io/fs"
	"sync"
	"time"
)

// etagCache remembers each file's hash by its name, size and modification
// time, so a file is hashed once per version, streamed, not per request.
type etagCache struct {
	root fs.FS
	mu   sync.Mutex
	tags map[etagKey]string
}

type etagKey struct {
	name  string
	size  int64
	mtime time.Time
}

// maxETags bounds the cache; a site has a few dozen files, rebuilds add
// versions, and past the bound the cache starts over.
const maxETags = 4096

func newETagCache(root fs.FS) *etagCache {
	return &etagCache{root: root, tags: map[etagKey]string{}}
}

func (c *etagCache) get(name string, st fs.FileInfo) (string, error) {
	key := etagKey{name, st.Size(), st.ModTime()}
	c.mu.Lock()
	tag, ok := c.tags[key]
	c.mu.Unlock()
	if ok {
		return tag, nil
	}
	f, err := c.root.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	tag = hex.EncodeToString(h.Sum(nil)[:8])
	c.mu.Lock()
	if len(c.tags) >= maxETags {
		clear(c.tags)
	}
	c.tags[key] = tag
	c.mu.Unlock()
	return tag, nil
}
