package kubeletstart

import (
	"fmt"
	"testing"

	"github.com/kubexplorer/kubexplorer/core/sim"
)

// TestKlogHeader holds the header, a constant after the severity, to
// klog's format for sim.Epoch and VirtualPID.
func TestKlogHeader(t *testing.T) {
	e := sim.Epoch
	for _, sev := range []byte("IWEF") {
		for _, site := range []string{"feature_gate.go:444", "server.go:1234", ""} {
			want := fmt.Sprintf("%c%02d%02d %02d:%02d:%02d.%06d %7d %s] ", sev, int(e.Month()), e.Day(), e.Hour(), e.Minute(), e.Second(), e.Nanosecond()/1000, VirtualPID, site)
			if got := klogHeader(sev, site); got != want {
				t.Errorf("klogHeader(%c, %q) = %q, want %q", sev, site, got, want)
			}
		}
	}
}
