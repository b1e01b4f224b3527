;;; navinspect-test.el --- editors/emacs/navinspect.el against the real server  -*- lexical-binding: t; -*-

;; emacs --batch with eglot runs the three commands on a copy of Tests/Clients/harbor and reads
;; their buffers, comparing each with what `navinspect query ... --json' answers for the app.
;; Tests/Clients/emacs/run.sh BINARY runs it.

(require 'ert)
(require 'cl-lib)
(require 'navinspect)

(defvar navinspect-test-binary (getenv "NAVINSPECT_BIN"))
(defvar navinspect-test-app nil "A copy of Tests/Clients/harbor that the tests may edit.")

(defun navinspect-test-query (&rest args)
  "What `navinspect query ARGS --source APP --json' answers, parsed."
  (with-temp-buffer
    (let ((status (apply #'call-process navinspect-test-binary nil '(t nil) nil "query"
                         (append args (list "--source" navinspect-test-app "--json")))))
      (unless (eql status 0) (error "navinspect query %S failed: %s" args (buffer-string)))
      (goto-char (point-min))
      (json-parse-buffer :object-type 'plist :null-object nil :false-object nil))))

(defun navinspect-test-lines (buffer)
  "The lines of BUFFER, without the last empty one."
  (with-current-buffer buffer
    (split-string (string-trim-right (buffer-string) "\n") "\n")))

(defun navinspect-test-id-on-line (buffer line)
  "The coordinator id line LINE of BUFFER stands for."
  (with-current-buffer buffer
    (goto-char (point-min))
    (forward-line (1- line))
    (get-text-property (point) 'navinspect-id)))

(defun navinspect-test-preorder (node depth)
  "The nodes under NODE in document order, each as (ID CLASS TYPE DEPTH)."
  (cons (list (plist-get node :id) (plist-get node :class) (plist-get node :type) depth)
        (cl-loop for child across (plist-get node :children)
                 append (navinspect-test-preorder child (1+ depth)))))

(defun navinspect-test-events ()
  "The end of the events buffer of the app's connection, to say why a wait failed."
  (let ((connection (gethash navinspect-test-app navinspect--connections)))
    (if (not connection) "no connection"
      (with-current-buffer (jsonrpc-events-buffer connection)
        (buffer-substring-no-properties (max (point-min) (- (point-max) 3000)) (point-max))))))

(defun navinspect-test-open (file)
  "Visits FILE of the app copy."
  (find-file (expand-file-name file navinspect-test-app)))

(ert-deftest navinspect-tree-shows-the-tree-and-jumps ()
  (navinspect-shutdown-all)
  (navinspect-test-open "HarborCoordinator.swift")
  (should (= (hash-table-count navinspect--connections) 0))
  (let* ((buffer (navinspect-tree))
         (expected (navinspect-test-preorder (navinspect-test-query "tree") 0))
         (lines (navinspect-test-lines buffer)))
    (should (= (hash-table-count navinspect--connections) 1))
    (should (= (length lines) (length expected)))
    (cl-loop for (id class type depth) in expected for line in lines for number from 1
             do (should (equal line (format "%s%s%s  .%s" (make-string (* 2 depth) ?\s)
                                            (if (member class '("HarborCoordinator" "DocksCoordinator")) "▾ " "· ")
                                            class type)))
             do (should (equal (navinspect-test-id-on-line buffer number) id)))
    ;; RET on the nested TideCoordinator opens its declaration.
    (let ((source (plist-get (navinspect-test-query "describe" "--id" "HarborCoordinator/DocksCoordinator/TideCoordinator") :source)))
      (set-buffer buffer)
      (goto-char (point-min))
      (search-forward "    · TideCoordinator")
      (navinspect-visit)
      (should (equal buffer-file-name (expand-file-name (plist-get source :file) navinspect-test-app)))
      (should (= (line-number-at-pos) (plist-get source :line))))
    ;; Folding: DocksCoordinator's child hides, and nothing else.
    (with-current-buffer buffer
      (goto-char (point-min))
      (unless (search-forward "▾ DocksCoordinator" nil t)
        (ert-fail (list "no DocksCoordinator line" (buffer-string))))
      (outline-hide-subtree)
      (should (invisible-p (line-beginning-position 2)))
      (should-not (invisible-p (line-beginning-position 3)))
      (outline-show-all))))

(ert-deftest navinspect-tree-shows-trees-deeper-than-one-answer ()
  (navinspect-shutdown-all)
  (navinspect-test-open "HarborCoordinator.swift")
  (let* ((tree (navinspect-tree))
         (connection (buffer-local-value 'navinspect--connection tree))
         (chain (vconcat (cl-loop for depth from 1 to 250
                                  collect (list :id (format "c%d" depth) :class (format "Link%dCoordinator" depth)
                                                :type "link"
                                                :children (if (< depth 250) (vector (format "c%d" (1+ depth))) [])))))
         (loaded (navinspect--request connection :navinspect/load
                                      (list :document (list :navinspect 1 :root "c1" :coordinators chain)))))
    (should (= (plist-get loaded :coordinators) 250))
    (with-timeout (20 (ert-fail (format "the tree has %d lines" (length (navinspect-test-lines tree)))))
      (while (/= (length (navinspect-test-lines tree)) 250)
        (accept-process-output nil 0.05)))
    (should (equal (car (last (navinspect-test-lines tree)))
                   (concat (make-string (* 2 249) ?\s) "· Link250Coordinator  .link"))))
  (navinspect-shutdown-all))

(ert-deftest navinspect-current-stack-lists-owners ()
  (navinspect-test-open "SceneDelegate.swift")
  (let* ((buffer (navinspect-current-stack))
         (stack (navinspect-test-query "currentStack"))
         (lines (navinspect-test-lines buffer)))
    (should (equal (car lines) (concat "coordinators: " (mapconcat #'identity (plist-get stack :coordinators) " → "))))
    (should (= (length lines) (1+ (length (plist-get stack :viewControllers)))))
    (cl-loop for entry across (plist-get stack :viewControllers) for index from 1
             do (should (equal (nth index lines)
                               (format "%d. %s  owner: %s  in %s" index (plist-get entry :class)
                                       (plist-get entry :owner) (plist-get entry :container))))
             do (should (equal (navinspect-test-id-on-line buffer (1+ index)) (plist-get entry :owner))))
    ;; RET on a view controller opens its owner's declaration.
    (let* ((owner (plist-get (aref (plist-get stack :viewControllers) 1) :owner))
           (source (plist-get (navinspect-test-query "describe" "--id" owner) :source)))
      (set-buffer buffer)
      (goto-char (point-min))
      (forward-line 2)
      (navinspect-visit)
      (should (equal buffer-file-name (expand-file-name (plist-get source :file) navinspect-test-app)))
      (should (= (line-number-at-pos) (plist-get source :line))))))

;; Swift buffers managed by eglot with navinspect as their server: the commands use eglot's
;; connection, and eglot's own didChange of an unsaved edit brings the redraw.
(ert-deftest navinspect-eglot-runs-the-server-for-swift-buffers ()
  (let ((eglot-server-programs eglot-server-programs)
        (auto-mode-alist auto-mode-alist)
        (file (expand-file-name "HarborCoordinator.swift" navinspect-test-app))
        (connections (hash-table-count navinspect--connections)))
    (navinspect-eglot-register)
    ;; Opened by an earlier test before the registration: open it again in the new mode.
    (when (get-file-buffer file) (kill-buffer (get-file-buffer file)))
    (let ((buffer (find-file-noselect file)))
      (unwind-protect
          (with-current-buffer buffer
            (should (eq major-mode 'navinspect-swift-mode))
            (apply #'eglot (eglot--guess-contact))
            (let ((server (eglot-current-server)))
              (should (cl-typep server 'navinspect-eglot-server))
              (unwind-protect
                  (let* ((tree (navinspect-tree))
                         (expected (navinspect-test-preorder (navinspect-test-query "tree") 0))
                         (lines (navinspect-test-lines tree)))
                    (should (= (hash-table-count navinspect--connections) connections))
                    (should (eq (buffer-local-value 'navinspect--connection tree) server))
                    (should (equal (mapcar (lambda (line) (string-trim (replace-regexp-in-string "[▾·]" "" line))) lines)
                                   (mapcar (lambda (node) (format "%s  .%s" (nth 1 node) (nth 2 node))) expected)))
                    (goto-char (point-min))
                    (search-forward "        tide.start()\n")
                    (insert "        let ferry = FerryCoordinator(navigationController: navigationController)\n"
                            "        childCoordinators.append(ferry)\n        ferry.start()\n")
                    ;; Eglot sends it from an idle timer, and batch Emacs is never idle.
                    (eglot--signal-textDocument/didChange)
                    (with-timeout (30 (ert-fail "eglot's didChange did not redraw the tree"))
                      (while (/= (length (navinspect-test-lines tree)) (1+ (length expected)))
                        (accept-process-output nil 0.05))))
                (set-buffer-modified-p nil)
                ;; navinspect refuses eglot 1.9's `shutdown' (its params are null); eglot then
                ;; stops the process all the same.
                (ignore-errors (eglot-shutdown server)))))
        (with-current-buffer buffer (set-buffer-modified-p nil))
        (kill-buffer buffer)))))

(ert-deftest navinspect-find-coordinator-reads-the-type-with-completion ()
  (navinspect-test-open "HarborCoordinator.swift")
  (let* ((offered nil)
         (buffer (cl-letf (((symbol-function 'completing-read)
                            (lambda (_prompt collection &rest _) (setq offered collection) "tide")))
                   (call-interactively #'navinspect-find-coordinator)))
         (types (sort (delete-dups (mapcar #'cl-third (navinspect-test-preorder (navinspect-test-query "tree") 0)))
                      #'string<))
         (matches (navinspect-test-query "findCoordinator" "--type" "tide" "--all"))
         (answer (navinspect-test-query "findCoordinator" "--type" "tide"))
         (lines (navinspect-test-lines buffer)))
    (should (equal offered types))
    (should (equal (car lines) (format "findCoordinator(type: .tide): %d matches in visiting order" (length matches))))
    (should (= (length matches) 2))
    (cl-loop for match across matches for index from 1
             do (should (equal (nth index lines)
                               (format "%d. %s .%s  %s%s" index (plist-get match :class) (plist-get match :type)
                                       (mapconcat #'identity (plist-get match :path) " → ")
                                       (if (= index 1) "  [the app gets this one]" ""))))
             do (should (equal (navinspect-test-id-on-line buffer (1+ index)) (plist-get match :id))))
    (should (equal (navinspect-test-id-on-line buffer 2) (plist-get answer :id)))))

(ert-deftest navinspect-buffers-redraw-when-the-tree-changes ()
  (navinspect-test-open "HarborCoordinator.swift")
  (let* ((tree (navinspect-tree))
         (before (length (navinspect-test-lines tree))))
    (with-current-buffer (find-buffer-visiting (expand-file-name "HarborCoordinator.swift" navinspect-test-app))
      (goto-char (point-min))
      (search-forward "        tide.start()\n")
      (insert "        let ferry = FerryCoordinator(navigationController: navigationController)\n"
              "        childCoordinators.append(ferry)\n        ferry.start()\n")
      (save-buffer))
    (with-timeout (30 (ert-fail (list "the tree buffer was not redrawn" (navinspect-test-events))))
      (while (/= (length (navinspect-test-lines tree)) (1+ before))
        (accept-process-output nil 0.05)))
    (should (equal (navinspect-test-lines tree)
                   (let ((expected (navinspect-test-preorder (navinspect-test-query "tree") 0)))
                     (cl-loop for (_id class type depth) in expected
                              collect (format "%s%s%s  .%s" (make-string (* 2 depth) ?\s)
                                              (if (member class '("HarborCoordinator" "DocksCoordinator")) "▾ " "· ")
                                              class type)))))
    ;; Taking the edit back redraws the tree as it was.
    (with-current-buffer (find-buffer-visiting (expand-file-name "HarborCoordinator.swift" navinspect-test-app))
      (goto-char (point-min))
      (search-forward "        let ferry")
      (delete-region (line-beginning-position) (line-beginning-position 4))
      (save-buffer))
    (with-timeout (30 (ert-fail "the tree buffer was not redrawn after the edit was taken back"))
      (while (/= (length (navinspect-test-lines tree)) before)
        (accept-process-output nil 0.05)))))

(ert-deftest navinspect-generation-goes-only-to-servers-that-take-it ()
  (let ((plain (make-symbol "plain")) (live (make-symbol "live")) (navinspect-generation 4))
    (puthash plain (list :capabilities '(:experimental (:navinspect (:version 1)))) navinspect--servers)
    (puthash live (list :capabilities '(:experimental (:navinspect (:version 1 :generation t)))) navinspect--servers)
    (should (equal (navinspect--params plain '(:id "a")) '(:id "a")))
    (should (equal (navinspect--params live '(:id "a")) '(:id "a" :generation 4)))
    (let ((navinspect-generation nil))
      (should (equal (navinspect--params live '(:id "a")) '(:id "a"))))
    (should (hash-table-p (navinspect--params plain nil)))))

(defun navinspect-test-run ()
  "Copies the app, runs the tests in order, stops the servers, and exits."
  (setq navinspect-test-app
        (file-name-as-directory (make-temp-file "navinspect-harbor" t)))
  (copy-directory (getenv "NAVINSPECT_APP") navinspect-test-app nil nil t)
  (setq navinspect-program navinspect-test-binary)
  (let (connections stats)
    ;; Every connection's traffic is kept, to show it when a test fails.
    (advice-add 'navinspect--start :filter-return (lambda (connection) (push connection connections) connection))
    (unwind-protect
        (setq stats (ert-run-tests-batch))
      (unless (and stats (zerop (ert-stats-completed-unexpected stats)))
        (dolist (connection connections)
          (with-current-buffer (jsonrpc-events-buffer connection)
            (message "events of %s:\n%s" (jsonrpc-name connection)
                     (buffer-substring-no-properties (max (point-min) (- (point-max) 6000)) (point-max))))))
      (navinspect-shutdown-all)
      (delete-directory navinspect-test-app t))
    (kill-emacs (if (and stats (zerop (ert-stats-completed-unexpected stats))) 0 1))))
