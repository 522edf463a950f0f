package kuberuntime

import (
	"net"
	"testing"
)

func TestJoinHostPortIsNets(t *testing.T) {
	for _, host := range []string{"", "10.0.0.1", "example.com", "::1", "fe80::1%eth0", "[::1]", "a:b"} {
		if got, want := joinHostPort(host, "8080"), net.JoinHostPort(host, "8080"); got != want {
			t.Errorf("joinHostPort(%q) = %q, net says %q", host, got, want)
		}
	}
}
