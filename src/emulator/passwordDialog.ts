// The plug-in's password/PIN dialog, scripted: there is no person in CI. By default it "types" the
// demo password from the manifest; tests make the next prompts cancel or fail.

export type DialogMode = 'enter' | 'cancel' | 'wrong';

export interface DialogScript {
  mode: DialogMode;
  /** Applies to the next prompt only, then the default mode returns. */
  once?: boolean;
}

export type DialogOutcome = 'entered' | 'cancelled' | 'wrong';

export class PasswordDialog {
  private standing: DialogMode = 'enter';
  private queued: DialogMode[] = [];
  prompts = 0;

  script(script: DialogScript) {
    if (script.once) this.queued.push(script.mode);
    else {
      this.standing = script.mode;
      this.queued = [];
    }
  }

  reset() {
    this.standing = 'enter';
    this.queued = [];
  }

  /** One prompt; "wrong" stands for three wrong attempts, after which the plug-in gives up. */
  prompt(): DialogOutcome {
    this.prompts++;
    const mode = this.queued.shift() ?? this.standing;
    return mode === 'enter' ? 'entered' : mode === 'cancel' ? 'cancelled' : 'wrong';
  }
}
