package kuberuntime

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kubexplorer/kubexplorer/core/cri"
	kubecontainer "github.com/kubexplorer/kubexplorer/core/kubelet/container"
	"github.com/kubexplorer/kubexplorer/core/kubelet/release"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

// runHook runs a lifecycle handler (lifecycle/handlers.go: handlerRunner.Run)
// and calls done with the failure message and error, or "" and nil.
func (m *Manager) runHook(ctx context.Context, w kubecontainer.Waiter, id string, pod *v1.Pod, c *v1.Container, h *v1.LifecycleHandler, podIP string, done func(string, error)) {
	switch {
	case h.Exec != nil:
		ectx, el := cri.WithElapsed(ctx)
		resp, err := m.rt.ExecSync(ectx, id, h.Exec.Command, 0)
		w.Wait(el.D, func() {
			if err == nil && resp.ExitCode != 0 {
				err = fmt.Errorf("command '%s' exited with %d: %s", strings.Join(h.Exec.Command, " "), resp.ExitCode, resp.Stderr)
			}
			if err != nil {
				out := ""
				if resp != nil {
					out = string(resp.Stdout) + string(resp.Stderr)
				}
				done(fmt.Sprintf("Exec lifecycle hook (%v) for Container %q in Pod %q failed - error: %v, message: %q", h.Exec.Command, c.Name, v1.FormatPod(pod), err, out), err)
				return
			}
			done("", nil)
		})
	case h.Sleep != nil:
		w.Wait(time.Duration(h.Sleep.Seconds)*time.Second, func() { done("", nil) })
	case h.HTTPGet != nil:
		if err := m.httpHook(ctx, id, c, h.HTTPGet, podIP); err != nil {
			done(m.httpHookMessage(h.HTTPGet.Path, c.Name, v1.FormatPod(pod), err), err)
			return
		}
		done("", nil)
	default:
		done("", nil)
	}
}

// urlErrorOp is how net/http names a GET in its errors.
const urlErrorOp = "Get"

// httpHook is runHTTPHandler: the GET succeeds whatever status code the
// server answers; only a request that gets no answer fails it. A hook
// whose scripted health is unhealthy is an endpoint that refuses the
// connection.
func (m *Manager) httpHook(ctx context.Context, id string, c *v1.Container, a *v1.HTTPAction, podIP string) error {
	host := a.Host
	if host == "" {
		host = podIP
	}
	if host == "" {
		return fmt.Errorf("failed to find networking container")
	}
	port, err := hookPort(a.Port, c)
	if err != nil {
		return err
	}
	if m.opt.Network == nil {
		return nil
	}
	healthy, _, perr := m.opt.Network.Probe(ctx, id, "hook")
	if perr == nil && healthy {
		return nil
	}
	hostPort := joinHostPort(host, strconv.Itoa(port))
	// net/http's error for a refused connection: "Get <url>: dial tcp …".
	return fmt.Errorf("%s %q: dial tcp %s: connect: connection refused", urlErrorOp, m.hookURL(hostPort, a.Path), hostPort)
}

// hookURL is the URL of an HTTP hook: up to 1.25 the kubelet glued "/" and
// the path to the address, doubling the slash of a path that has one.
func (m *Manager) hookURL(hostPort, path string) string {
	if !m.opt.Rel.Has(release.HTTPHookRequest) {
		return "http://" + hostPort + "/" + path
	}
	if !strings.HasPrefix(path, "/") {
		path = "/" + path
	}
	return "http://" + hostPort + path
}

// httpHookMessage is the failure message of an HTTP hook: "Http" up to
// 1.20; with the response body (none, when the request failed) up to 1.25.
func (m *Manager) httpHookMessage(path, container, pod string, err error) string {
	kind := "HTTP"
	if !m.opt.Rel.Has(release.HTTPHookName) {
		kind = "Http"
	}
	if m.opt.Rel.Has(release.HTTPHookRequest) {
		return fmt.Sprintf("%s lifecycle hook (%s) for Container %q in Pod %q failed - error: %v", kind, path, container, pod, err)
	}
	return fmt.Sprintf("%s lifecycle hook (%s) for Container %q in Pod %q failed - error: %v, message: %q", kind, path, container, pod, err, "")
}

// hookPort resolves an HTTP hook's port: a number, a container port's
// name, or 80 when empty.
func hookPort(raw []byte, c *v1.Container) (int, error) {
	s := strings.Trim(string(raw), `"`)
	if s == "" {
		return 80, nil
	}
	if n, err := strconv.Atoi(s); err == nil {
		return n, nil
	}
	for _, p := range c.Ports {
		if p.Name == s {
			return int(p.ContainerPort), nil
		}
	}
	return 0, fmt.Errorf("couldn't find port: %v in %v", s, c.Ports)
}

// joinHostPort is net.JoinHostPort (an IPv6 host in brackets), which is all
// this package needed of net: linking net for it cost the kubelet engine
// about 22 kB (issue 15).
func joinHostPort(host, port string) string {
	if strings.IndexByte(host, ':') >= 0 {
		return "[" + host + "]:" + port
	}
	return host + ":" + port
}
