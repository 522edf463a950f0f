package kubelet

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A channel buffer hands messages out in the order they were pushed,
// whether it drains between pushes, slides its messages down when full, or
// grows.
func TestMsgQueueIsFIFO(t *testing.T) {
	for _, tc := range []struct {
		name string
		ops  string // p: push the next number, o: pop and expect the oldest
	}{
		{"drains", "pppooopo"},
		{"interleaved", "ppopopopoppooo"},
		{"slides when full", "ppppoopppppppoooooooo"},
		{"grows", "pppppppppppppppppppooooooooooooooooooo"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var q msgQueue
			next, want := uint64(0), uint64(0)
			for i, op := range tc.ops {
				if op == 'p' {
					next++
					q.push(loopMsg{seq: next})
					continue
				}
				want++
				assert.Equal(t, want, q.front().seq, "front at op %d", i)
				assert.Equal(t, want, q.pop().seq, "pop at op %d", i)
			}
			assert.Equal(t, int(next-want), q.len())
		})
	}
}
