package unstructured

import (
	"strings"
	"testing"
)

func TestSplitStreamBounds(t *testing.T) {
	if _, err := SplitStream(strings.Repeat("a: 1\n---\n", 1001)); err == nil || !strings.Contains(err.Error(), "line 2001: at most 1000 documents") {
		t.Errorf("1001 documents: %v", err)
	}
	if _, err := SplitStream(strings.Repeat("#", 3<<20+1)); err == nil {
		t.Error("a stream over 3 MiB was accepted")
	}
	if docs, err := SplitStream("a: 1\n---\nb: 2\n"); err != nil || len(docs) != 2 {
		t.Errorf("%v %v", docs, err)
	}
}
