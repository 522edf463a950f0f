package kubeletstart

import (
	"fmt"
	"testing"

	"github.com/kubexplorer/kubexplorer/core/sim"
)

// TestKlogHeader holds the header written without fmt to klog's format.
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
	for _, tc := range []struct {
		n, width int
		pad      byte
		want     string
	}{
		{7, 2, '0', "07"}, {12, 2, '0', "12"}, {123, 2, '0', "123"}, {0, 6, '0', "000000"}, {12345, 7, ' ', "  12345"},
	} {
		if got := string(appendPadded(nil, tc.n, tc.width, tc.pad)); got != tc.want {
			t.Errorf("appendPadded(%d, %d, %q) = %q, want %q", tc.n, tc.width, tc.pad, got, tc.want)
		}
	}
}
