// Package images is the model of pkg/kubelet/images: EnsureImageExists with
// the default pull policies, the per-pod image back-off (ImagePullBackOff),
// pull errors mapped to waiting reasons, and the serialized puller, with the
// events each step records.
package images

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/kubexplorer/kubexplorer/core/cri"
	kubecontainer "github.com/kubexplorer/kubexplorer/core/kubelet/container"
	"github.com/kubexplorer/kubexplorer/core/kubelet/events"
	"github.com/kubexplorer/kubexplorer/core/kubelet/flowcontrol"
	"github.com/kubexplorer/kubexplorer/core/kubelet/release"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
	"github.com/kubexplorer/kubexplorer/core/sim"
)

// Error sentinels; their text becomes the container's waiting reason.
var (
	ErrImagePullBackOff          = errors.New("ImagePullBackOff")
	ErrImageInspect              = errors.New("ImageInspectError")
	ErrImagePull                 = errors.New("ErrImagePull")
	ErrImageNeverPull            = errors.New("ErrImageNeverPull")
	ErrInvalidImageName          = errors.New("InvalidImageName")
	ErrRegistryUnavailable       = errors.New("RegistryUnavailable")
	ErrSignatureValidationFailed = errors.New("SignatureValidationFailed")
)

// Back-off of failed pulls (imageBackOffPeriod, MaxImageBackOff).
const (
	BackOffPeriod    = 10 * time.Second
	MaxImageBackOff  = 300 * time.Second
	defaultImageSize = 0
)

// Manager is the image manager.
type Manager struct {
	svc      cri.ImageService
	recorder *events.Recorder
	msgs     events.Messages
	backOff  *flowcontrol.Backoff
	rel      release.Release
	// lastPullErr remembers, per back-off key, the last pull's error for
	// the ImagePullBackOff message (1.32).
	lastPullErr map[string]string
	// Serialize models serializeImagePulls (the default): one pull at a
	// time, later ones wait.
	Serialize bool
	busyUntil time.Time
	// tagged memoises DefaultTag: every sync of every container asks, and
	// parsing a reference takes regular expressions.
	tagged map[string]taggedImage
}

type taggedImage struct {
	image string
	err   error
}

// DefaultTag is ApplyDefaultImageTag, remembered per reference.
func (m *Manager) DefaultTag(image string) (string, error) {
	if t, ok := m.tagged[image]; ok {
		return t.image, t.err
	}
	tagged, err := ApplyDefaultImageTag(image)
	if m.tagged == nil || len(m.tagged) >= 4096 {
		m.tagged = map[string]taggedImage{}
	}
	m.tagged[image] = taggedImage{tagged, err}
	return tagged, err
}

// New returns an image manager.
func New(svc cri.ImageService, rec *events.Recorder, msgs events.Messages, clock *sim.Clock) *Manager {
	return &Manager{svc: svc, recorder: rec, msgs: msgs, backOff: flowcontrol.New(clock, BackOffPeriod, MaxImageBackOff), rel: msgs.Rel, Serialize: true, lastPullErr: map[string]string{}}
}

// BackOff exposes the pull back-off (for views).
func (m *Manager) BackOff() *flowcontrol.Backoff { return m.backOff }

// GC drops the back-off entries not updated for twice the cap, and the
// last pull errors kept for them.
func (m *Manager) GC() {
	if m.backOff.GC() == 0 {
		// An error is kept only for a key with an entry: none lost one.
		return
	}
	for key := range m.lastPullErr {
		if m.backOff.Get(key) == 0 {
			delete(m.lastPullErr, key)
		}
	}
}

// ApplyDefaultImageTag adds ":latest" to a reference without tag or
// digest, and rejects references that do not parse.
func ApplyDefaultImageTag(image string) (string, error) {
	if !validReference(image) {
		reason := "invalid reference format"
		withoutDigest, _, _ := strings.Cut(image, "@")
		name, _, _ := v1.SplitImage(withoutDigest)
		if strings.ContainsFunc(name[strings.LastIndex(name, "/")+1:], func(r rune) bool { return 'A' <= r && r <= 'Z' }) {
			reason += ": repository name must be lowercase"
		}
		return "", fmt.Errorf("couldn't parse image reference %q: %s", image, reason)
	}
	_, tag, digest := v1.SplitImage(image)
	if tag == "" && digest == "" {
		return image + ":latest", nil
	}
	return image, nil
}

func shouldPull(policy string, present bool) bool {
	switch policy {
	case v1.PullNever:
		return false
	case v1.PullIfNotPresent:
		return !present
	}
	return true
}

// Result is the outcome of EnsureImageExists.
type Result struct {
	ImageRef string
	Message  string
	Err      error
}

// EnsureImageExists makes sure the container's image is present, pulling
// it if the policy says so, and calls done with the image reference or the
// error whose text becomes the waiting reason. A pull takes virtual time:
// done then runs later, through w.
func (m *Manager) EnsureImageExists(ctx context.Context, w kubecontainer.Waiter, pod *v1.Pod, c *v1.Container, ref events.ObjectRef, done func(Result)) {
	requested := c.Image
	image, err := m.DefaultTag(requested)
	if err != nil {
		msg := fmt.Sprintf("Failed to apply default image tag %q: %v", requested, err)
		m.recorder.Event(ref, events.Warning, events.FailedToInspectImage, msg)
		done(Result{Message: msg, Err: ErrInvalidImageName})
		return
	}
	spec := &cri.ImageSpec{Image: image, UserSpecifiedImage: requested}
	st, err := m.svc.ImageStatus(ctx, spec)
	if err != nil {
		msg := fmt.Sprintf("Failed to inspect image %q: %v", image, err)
		m.recorder.Event(ref, events.Warning, events.FailedToInspectImage, msg)
		done(Result{Message: msg, Err: ErrImageInspect})
		return
	}
	present := st != nil
	if !shouldPull(c.ImagePullPolicy, present) {
		if present {
			m.recorder.Event(ref, events.Normal, events.PulledImage, m.msgs.AlreadyPresent(requested))
			done(Result{ImageRef: st.ID})
			return
		}
		msg := fmt.Sprintf("Container image %q is not present with pull policy of Never", requested)
		m.recorder.Event(ref, events.Warning, events.ErrImageNeverPullPolicy, msg)
		done(Result{Message: msg, Err: ErrImageNeverPull})
		return
	}
	key := pod.Metadata.UID + "_" + requested
	if m.backOff.IsInBackOffSinceUpdate(key, w.Now()) {
		msg := fmt.Sprintf("Back-off pulling image %q", requested)
		m.recorder.Event(ref, events.Normal, events.BackOffPullImage, msg)
		if last, ok := m.lastPullErr[key]; ok && m.rel.Has(release.BackOffMessageCarriesError) {
			msg += ": " + last
		}
		done(Result{Message: msg, Err: ErrImagePullBackOff})
		return
	}
	delete(m.lastPullErr, key)
	m.recorder.Eventf(ref, events.Normal, events.PullingImage, "Pulling image %q", requested)
	start := w.Now()
	pull := func() {
		pctx, elapsed := cri.WithElapsed(ctx)
		imageRef, perr := m.svc.PullImage(pctx, spec, nil, nil)
		if m.Serialize {
			m.busyUntil = w.Now().Add(elapsed.D)
		}
		w.Wait(elapsed.D, func() {
			if perr != nil {
				m.recorder.Eventf(ref, events.Warning, events.FailedToPullImage, "Failed to pull image %q: %v", requested, perr)
				m.backOff.Next(key, w.Now())
				msg, rerr := m.evalPullErr(requested, perr)
				m.lastPullErr[key] = rerr.Error() + ": " + msg
				done(Result{Message: msg, Err: rerr})
				return
			}
			var size uint64 = defaultImageSize
			if st, err := m.svc.ImageStatus(ctx, spec); err == nil && st != nil {
				size = st.Size
			}
			m.recorder.Event(ref, events.Normal, events.PulledImage, m.msgs.PulledImage(requested, elapsed.D, w.Now().Sub(start), size))
			m.GC()
			done(Result{ImageRef: imageRef})
		})
	}
	if wait := m.busyUntil.Sub(w.Now()); m.Serialize && wait > 0 {
		w.Wait(wait, pull)
		return
	}
	pull()
}

// evalPullErr maps a pull error to a reason: from 1.28 a runtime error
// naming an unavailable registry or a failed signature validation gets its
// own reason; everything else is ErrImagePull with the error text as
// message. (Older kubelets compared the error with their own
// RegistryUnavailable value, which no runtime returns.)
func (m *Manager) evalPullErr(image string, err error) (string, error) {
	desc := cri.Message(err)
	if m.rel.Has(release.RegistryUnavailableReason) {
		for _, e := range []struct {
			err  error
			what string
		}{{ErrRegistryUnavailable, "the registry is unavailable"}, {ErrSignatureValidationFailed, "the signature validation failed"}} {
			if strings.HasPrefix(desc, e.err.Error()) {
				return fmt.Sprintf("image pull failed for %s because %s%s", image, e.what, strings.TrimPrefix(desc, e.err.Error())), e.err
			}
		}
	}
	return err.Error(), ErrImagePull
}
