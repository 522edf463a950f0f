package siteserver

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"time"
)

func etag(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:8])
}

func fileModTime(root fs.FS, name string) time.Time {
	st, err := fs.Stat(root, name)
	if err != nil {
		return time.Time{}
	}
	return st.ModTime()
}
