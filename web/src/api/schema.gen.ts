// Generated from `coverline openapi` by tools/api-types/generate.mjs (openapi-typescript). Do not edit:
// change the Rust types (utoipa ToSchema) and run `make api-types`.

export type paths = {
    "/api/gateway/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The gateway's signed webhook (no session: the signature is the proof). */
        post: operations["webhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process answers. */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/global-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The settings shared by every institution: time-outs, limits, the widget's start parameters,
         *     the terms PDF and the app version. Cacheable for 5 minutes.
         */
        get: operations["global_settings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The institution's public settings (test switches and contact email stay server-side).
         *     An inactive institution answers too (`isActive: false`), so the app can say so.
         */
        get: operations["institution"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stores a pageview of a page seen without a user (no session): only the page, its title and the
         *     tab's random analytics id (`clientId`) are kept, never the user agent or the address. Other hit
         *     types need a member. At most 120 an hour per client address (429 `rateLimited` beyond).
         */
        post: operations["record_anonymous"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/captcha": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A new captcha challenge for the splash's widget; its solution goes with user creation
         *     (`captchaToken`), once, before the challenge expires. Never cached.
         */
        get: operations["challenge"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/car/bodies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Body types of the catalog. */
        get: operations["bodies"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/car/makes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Makes of a model year. */
        get: operations["makes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/car/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Models of a year and make. */
        get: operations["models"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/car/styles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Styles of a year, make and model. */
        get: operations["styles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/car/vin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The representative ("mock") VIN of a description, in `data.message` as the spec has it.
         *     Limited per member like VIN decodes.
         */
        get: operations["vin_for_description"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/car/vin/ocr/drop/{uid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Opens a drop for a photo of the VIN: a signed upload URL valid 10 minutes; 20 per hour. */
        get: operations["open_drop"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/car/vin/ocr/drop/{uid}/{drop_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Reads the VIN in the uploaded photo (once; the answer is kept and the image forgotten). */
        get: operations["read_drop"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/car/vin/{vin}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Decodes a VIN (17 characters). Limited per member (a burst of 30, then one per 6 s).
         * @description A VIN whose check digit is wrong but whose vehicle vPIC knows is decoded with
         *     `checkDigitMismatch`; a VIN that fits several styles lists them in `styleChoices`, and the
         *     car is then created with the member's `style`.
         */
        get: operations["decode_vin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/car/years": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Model years of the description catalog, newest first. */
        get: operations["years"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/contact-request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A visitor without a session (e.g. not a member yet) asks to be contacted; 5 per hour and address. */
        post: operations["anonymous_request"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/integration/{integrator_id}/launch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The partner's server starts the flow for one member (`Authorization: Bearer <integrator token>`).
         *     With a vehicle, it is rated first: none fits → 422 'No available policies', nothing created.
         */
        post: operations["launch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/integration/{integrator_id}/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The embedded app exchanges the launch code (once) for a session, the car and the quote. */
        post: operations["session"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/launch/oidc": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Starts the member's OpenID Connect sign-in at the institution's identity provider: the link
         *     online banking shows. Redirects there (or to the splash when the institution offers no such
         *     launch, or its provider cannot be reached).
         */
        get: operations["oidc_start"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/launch/oidc/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The identity provider sends the member back here: the code is exchanged, the ID token
         *     verified, and the member starts at car lookup, signed in.
         */
        get: operations["oidc_callback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/launch/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The signed launch token, posted by the member's browser from online banking
         *     (`application/x-www-form-urlencoded`, field `launch_token`).
         */
        post: operations["token_launch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Email (query, as the spec's call) + password → the newest of the address's users whose password matches.
         *     5 failures per address in 15 minutes, 30 per client an hour.
         */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/logo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The institution's logo image. */
        get: operations["logo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/passwordreset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The emailed code + a new password: the password changes, every session ends, a new token.
         *     A reset code and a new password → the user, logged in.
         */
        post: operations["reset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/passwordresetrequest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Emails a reset code to the address's newest user. The answer is the same whether or not the
         *     address is known.
         *     Emails a reset code (10 minutes, 5 tries); 3 per address and 20 per client an hour.
         */
        post: operations["reset_request"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Opens a 'continue your purchase' link (single use, 7 days): a new session for its member on
         *     this device, at the step reached. A quote too old to honour is re-rated; a changed price is said.
         */
        post: operations["resume"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/session/end": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ends the member's session on this device and everywhere: the restore cookie is forgotten and
         *     cleared, and every live token of the member is revoked (the web app calls it when its session
         *     ends: 15 idle minutes, the refresh maximum). Without a cookie or token there is nothing to end.
         */
        post: operations["end_session"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/session/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A reloaded or restored tab finds its session again through the HttpOnly restore cookie (no
         *     script can read it): a new token of the same session, and the member's screen. Refused once
         *     the session has expired (idle 15 minutes, or past its maximum age).
         */
        post: operations["restore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/unsubscribe/{uid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The page the email's visible link opens: one button that stops the reminders (a `GET` changes nothing). */
        get: operations["unsubscribe_page"];
        put?: never;
        /**
         * Stops the reminders at once (RFC 8058 one-click; any body is accepted): the member's
         *     promotional consent is withdrawn and recorded. Asking again changes nothing.
         */
        post: operations["unsubscribe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Creates a member's user from the splash and starts their session (and sets the restore
         *     cookie a reloaded tab finds it again with). Needs a solved captcha (`captchaToken`): a missing,
         *     invalid, expired or used one is refused (`captchaRequired`, `captchaInvalid`, `captchaExpired`,
         *     `captchaUsed`) and no user is created.
         */
        post: operations["create_user"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/user/{uid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The member's user. */
        get: operations["get_user"];
        /**
         * Updates the member (personal details, membership answer, consent) or verifies their email
         *     with the 6-digit code; rotates the session token.
         */
        put: operations["update_user"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/user/{uid}/analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stores an analytics hit of the member (pageview, event, `ErrorEncountered`). */
        post: operations["record"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/user/{uid}/car": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The member's cars. */
        get: operations["list_cars"];
        put?: never;
        /** Stores the member's car (decoded from its VIN). */
        post: operations["create_car"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/user/{uid}/car/{car_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the member's cars. */
        get: operations["get_car"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/user/{uid}/checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The member's checkout as the workflow sees it now (or as last recorded, when it cannot answer
         *     at once); 404 before the first step.
         */
        get: operations["get_checkout"];
        /**
         * Records a completed step in the member's checkout. The workflow checks the step order (the
         *     allowed-route gate) and answers the checkout; a step out of order is refused (409).
         */
        put: operations["advance"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/user/{uid}/contact-request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** A member asks to be contacted (expert guidance, payment options, an error page). */
        put: operations["member_request"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/user/{uid}/fetchdocument/{policy_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The contract PDF: to its owner's session (as a download), or through a signed link (inline,
         *     so it opens in the new tab). The stored PDF is in the member's language; `language` renders
         *     it in another (the provider's filed texts exist only in English).
         */
        get: operations["fetch_document"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/user/{uid}/language": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Keeps the language the member chose on the page's switch with their checkout, for what is sent to
         *     them later (docs/languages.md). Only a language the institution offers.
         */
        put: operations["set_language"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/user/{uid}/passwordchange": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Changes the member's password (the old one must match): a new token and restore cookie for
         *     this device; every other session, restore key and unused continue link of the member ends.
         */
        post: operations["change_password"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/user/{uid}/payment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The member's payments, newest first. */
        get: operations["list_payments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/user/{uid}/payment/confirmation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The confirmation page's data once the workflow recorded the payment (spec section 3). */
        post: operations["confirmation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/user/{uid}/payment/{payment_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the member's payments. */
        get: operations["get_payment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/user/{uid}/policy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The member's policies, newest first. */
        get: operations["list_policies"];
        put?: never;
        /**
         * Books the chosen rate: asks the member's checkout to book (or, after a failure, to book again)
         *     and answers the round's outcome (the provider has 120 s to answer).
         */
        post: operations["book"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/user/{uid}/policy/{policy_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the member's policies. */
        get: operations["get_policy"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/user/{uid}/policy/{policy_id}/cancellation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What cancelling the contract would do now (needs the find-your-contract link's token). */
        get: operations["cancellation_terms"];
        put?: never;
        /**
         * Cancels the contract: within the money-back period it is voided and the card refunded in full;
         *     after it, the request goes to the institution. Asking again answers the first request's outcome.
         *     Needs the link's token and the code emailed to the member (or, instead of the code, the member's
         *     own live session as the bearer token).
         */
        post: operations["cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/user/{uid}/policy/{policy_id}/cancellation/code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Emails a code that confirms cancelling the contract to the member's address on file (needs the
         *     find-your-contract link's token; 3 an hour per contract).
         */
        post: operations["send_code"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/user/{uid}/policy/{policy_id}/papercopy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Asks for the contract on paper (E-SIGN: the right to a paper copy at no charge; it also
         *     withdraws the consent to electronic delivery). Support mails it to the address on the contract
         *     (`coverline support paper`). Asking again before it is mailed changes nothing.
         */
        post: operations["request_paper_copy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/user/{uid}/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The member's latest quotes (at most 20), newest first, each with its rates. */
        get: operations["list_quotes"];
        put?: never;
        /**
         * Rates the member's car with their answers (state, miles per year, years to own) and stores
         *     the quote. No rate fits → 422 'No quotes present'.
         */
        post: operations["create_quote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/user/{uid}/quote/{quote_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the member's quotes. */
        get: operations["get_quote"];
        /** Re-rates the same car with new answers under the same quote id (never once a purchase holds it). */
        put: operations["update_quote"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/user/{uid}/quote/{quote_id}/rate/{rate_id}/sample-contract": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A sample of the member's own contract for a rate they were offered, before paying: the
         *     rate's plan, term, deductible, benefits and the institution's refund text on the contract's
         *     template, marked SAMPLE on every page (review page, "View a sample of your contract"), in the
         *     member's language or the one asked for.
         */
        get: operations["sample_contract"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/user/{uid}/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Rotates the session's token; a session older than the maximum is not refreshed. */
        get: operations["refresh"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/user/{uid}/signrequest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The request to start the card widget with. The checkout asks the gateway first, so a contract
         *     never has two chargeable requests: an open one is reused (another tab, Retry Payment), and a
         *     contract the gateway already charged gets none.
         */
        post: operations["sign_request"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/user/{uid}/update-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Changes the member's address (lower-cased); the new one must be verified again. A new token and
         *     restore cookie for this device; the member's other sessions, restore keys and the continue
         *     links mailed to the old address end.
         */
        put: operations["update_email"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/user/{uid}/verifydetails/{policy_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Find your contract: last name + zip → a signed link to the document, valid 10 minutes.
         *     Needs no session; limited per policy (5 wrong answers an hour) and per client (30 an hour).
         */
        post: operations["verify_details"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/user/{uid}/verifyemail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Has the member's checkout email a 6-digit code to their address (valid 10 minutes; one per
         *     20 s, 6 per hour). The send is durable: a crash never loses it, and a call retried with the
         *     same `Idempotency-Key` is one send, counted once.
         */
        get: operations["send_verification_email"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/institution/{iid}/user/{uid}/verifyresponse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verifies the widget's signed result with the gateway and reports the charge to the checkout,
         *     which records it as the payment (or refunds it: a second charge); answers the envelope the
         *     web app reads. The gateway's webhook reports the same charge when this call is lost.
         */
        post: operations["verify_response"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/staff/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The audit log, newest first: an admin's is everyone's, a manager's their institution's, support's
         *     their own.
         */
        get: operations["audit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/staff/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The identity provider sends the browser back here: the code is exchanged, the ID token verified,
         *     the person's roles found, and a session opened.
         */
        get: operations["callback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/staff/institution/{iid}/active": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Turns an institution on or off (admin): an inactive one's pages and API answer 403. */
        post: operations["institution_active"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/staff/institution/{iid}/report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An institution's funnel, sales, cancellations and refunds over a period, as JSON or CSV
         *     (manager of that institution, admin).
         */
        get: operations["report"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/staff/institutions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every institution and its integrators (admin). */
        get: operations["institutions"];
        put?: never;
        /** Imports (creates or replaces) an institution from its TOML file and logo (admin). */
        post: operations["import_institution"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/staff/integrator/{integrator_id}/active": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Turns an integrator on or off (admin): an inactive one cannot launch the flow or frame it. */
        post: operations["integrator_active"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/staff/integrators": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Imports (creates or replaces) an integrator from its TOML file (admin). */
        post: operations["import_integrator"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/staff/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who is signed in, with the session's CSRF token. */
        get: operations["me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/staff/paper-copies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The contracts to mail on paper, oldest request first (support). */
        get: operations["paper_copies"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/staff/policy/{policy_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A purchase's page: its facts, its timeline, its workflow (support). */
        get: operations["purchase"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/staff/policy/{policy_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancels the contract for the member, through its cancellation workflow (the state's rules). */
        post: operations["cancel_contract"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/staff/policy/{policy_id}/cancellation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What cancelling the contract would do today: the member's own terms and quote (support). */
        get: operations["cancellation_quote"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/staff/policy/{policy_id}/paper-mailed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Records a queued paper copy mailed. */
        post: operations["paper_mailed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/staff/policy/{policy_id}/refund-paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Records a check refund paid, with the state's late penalty if any. */
        post: operations["refund_paid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/staff/policy/{policy_id}/resend-emails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sends the receipt and the contract copy again. */
        post: operations["resend_emails"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/staff/policy/{policy_id}/retry-booking": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Asks the checkout workflow to book again (a purchase whose booking failed). */
        post: operations["retry_booking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/staff/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The check refunds not paid yet, soonest due first, as owed today (support). */
        get: operations["unpaid_refunds"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/staff/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Finds members by email, or the member whose purchase an id names (support). */
        get: operations["search"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/staff/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Starts a staff sign-in at the operator's identity provider (the console's "Sign in"). */
        get: operations["sign_in"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/staff/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ends the session. */
        post: operations["sign_out"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vin-photo/{drop_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * The PUT to a signed URL. Checks the signature before reading the body, then streams the body
         *     with the cap, so an oversized upload is cut off at 10 MB rather than buffered.
         */
        put: operations["upload"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = Record<string, never>;
export type components = {
    schemas: {
        /** @description How an action ended. */
        ActionAnswer: {
            message: string;
            /** @description `done` or `nothingToDo`. */
            outcome: string;
        };
        /** @description What support can do to a purchase now. */
        Actions: {
            cancel: boolean;
            paperMailed: boolean;
            refundPaid: boolean;
            resendEmails: boolean;
            retryBooking: boolean;
        };
        /** @description Whether to turn it on or off. */
        ActiveBody: {
            active: boolean;
        };
        /** @description An address as the web app (or a partner) sends it. */
        Address: {
            city?: string;
            state?: string;
            street?: string;
            zip?: string;
        };
        AddressView: {
            city: string;
            state: string;
            street: string;
            zip: string;
        };
        /** @description A completed step: the screen the member moved to and their answers. */
        AdvanceBody: {
            answers?: components["schemas"]["AnswersBody"];
            step: components["schemas"]["Step"];
        };
        /** @description What the member has answered so far, as the browser holds it. */
        Answers: {
            bounce: components["schemas"]["Bounce"] | null;
            /**
             * @default {
             *       "certifiedPreowned": false,
             *       "commercialUse": false,
             *       "hasLiftKitOrOversizeTires": false,
             *       "isSalvageTitle": false,
             *       "modifiedVehicle": false,
             *       "secondOwner": false
             *     }
             */
            carFlags?: components["schemas"]["CarFlags"];
            /** @description The car created at years-to-own, tied to the member. */
            carId: string | null;
            /** Format: uint32 */
            milesPerYear: number | null;
            /**
             * Format: uint32
             * @description Whole miles.
             */
            odometer: number | null;
            /** @description The quote the coverage page shows. */
            quoteId: string | null;
            rate: components["schemas"]["ChosenRate"] | null;
            /** @description Two-letter state of residence (splash). */
            stateOfResidence: string | null;
            vehicle: components["schemas"]["Vehicle"] | null;
            /**
             * Format: uint8
             * @description 1 to 7 (7 = 7+ years).
             */
            yearsToOwn: number | null;
        };
        /** @description The member's answers so far, as the browser holds them. */
        AnswersBody: {
            bounce?: components["schemas"]["Bounce"] | null;
            /**
             * @default {
             *       "certifiedPreowned": false,
             *       "commercialUse": false,
             *       "hasLiftKitOrOversizeTires": false,
             *       "isSalvageTitle": false,
             *       "modifiedVehicle": false,
             *       "secondOwner": false
             *     }
             */
            carFlags?: components["schemas"]["CarFlags"];
            carId?: string | null;
            /** Format: uint32 */
            milesPerYear?: number | null;
            /** Format: uint32 */
            odometer?: number | null;
            quoteId?: string | null;
            rate?: components["schemas"]["ChosenRate"] | null;
            /** @description Two-letter code of one of the 50 states or DC, in either case. */
            stateOfResidence?: string | null;
            vehicle?: components["schemas"]["VehicleAnswer"] | null;
            /** Format: uint8 */
            yearsToOwn?: number | null;
        };
        /** @description Application settings (spec section 3). */
        ApplicationSettings: {
            allowPaymentOptions: boolean;
            customProductName: string | null;
            /** @description The language of a first visit whose browser asks for none of `languages`. Default: English. */
            defaultLanguage: components["schemas"]["Language"];
            institutionDisclaimer: string | null;
            institutionQuoteModalText: string | null;
            institutionRefundText: string | null;
            /**
             * @description The languages its members may choose (`["en", "es"]`); the page offers a switch when there
             *     are two. Default: English only.
             */
            languages: components["schemas"]["Language"][];
            logoName: string;
            /**
             * Format: int64
             * @description Highest price shown, dollars (capped at 5000 anyway).
             */
            priceLimit: number;
            /** @description Rate provider codes (`NAC`, `Rt66`, `EFG`); the first one rates this institution's quotes. */
            rateProviders: string[];
            splashPageText: string | null;
            /**
             * @description The institution's own texts above in its other languages (`[applicationSettings.texts.es]`;
             *     the fields above are English). Each text the institution sets needs its translation in every
             *     language it offers (checked at import). The institution as a page or an email reads it has
             *     them in place ([`Institution::in_language`]), and this left empty.
             */
            texts?: Record<string, never>;
            threeCardView: boolean;
        };
        /** @description One audit-log row. */
        AuditEntry: {
            action: string;
            /**
             * Format: int64
             * @description Unix milliseconds.
             */
            at: number;
            institutionId: string | null;
            message: string;
            outcome: string;
            role: string;
            staffEmail: string;
            staffName: string;
            target: string;
        };
        /** @description The rate the member chose, of their quote and car. */
        Book: {
            carId: string;
            /**
             * @description The member's answer to the review page's E-SIGN disclosure (`esignDisclosure`): `true`
             *     consents to electronic delivery; `false` or no answer, the contract is also mailed on paper.
             */
            electronicDelivery?: boolean | null;
            emailAddress?: string | null;
            quoteId: string;
            rateCollectionId?: string | null;
            rateId: string;
        };
        /**
         * @description Why the last booking attempt failed, as the member is told.
         * @enum {string}
         */
        BookingFailure: "failed" | "noResponse";
        /**
         * @description Why the member left the purchase path for an error or contact page (the contact request's
         *     `pageUserBouncedFrom`, and the page contact-me goes back to).
         */
        Bounce: {
            contactOrigin?: components["schemas"]["Step"] | null;
            /** @description `descriptionLookup`, `mockVinNoRates`, `validCarNoRates`, or empty. */
            pageUserBouncedFrom?: string | null;
            /** @description 'Request payment option' was chosen on the coverage page. */
            paymentOptionsRequested?: boolean;
        };
        /**
         * @description Where a member was when they asked to be contacted, chosen by the priority of spec section 4.
         * @enum {string}
         */
        BounceSource: "paymentError" | "bookingError" | "paymentOptions" | "mockVinPaymentOptions" | "expertGuidance" | "mockVinExpertGuidance" | "stateContactRequest" | "invalidState" | "validCarNoRates" | "mockVinNoRates" | "descriptionLookup" | "notAMember" | "userCreationError" | "contactRequest" | "mockVinContactRequest";
        /** @description Branding (spec section 3). Colours are hex without `#`. */
        Branding: {
            allowDarkModeToggle: boolean;
            colors: components["schemas"]["Colors"];
            name: string;
            phoneNumber: string;
            phoneNumberExtension: string;
            shouldHaveHeader: boolean;
            shouldHavePromotionalCheckbox: boolean;
            shouldStartInDarkMode: boolean;
        };
        /**
         * @description The request to cancel: the link's token, and the code emailed to the member (not needed with
         *     the member's own live session as the bearer token).
         */
        CancelBody: {
            /** @description The member confirms the odometer reading is true. */
            attested?: boolean;
            /** @description The 6-digit code emailed to the member (spaces around it ignored). */
            code?: string | null;
            /**
             * Format: int64
             * @description The odometer reading today (whole miles), as on the quote the member saw.
             */
            odometer?: number | null;
            token: string;
        };
        /** @description What became of the request. */
        CancellationAnswer: {
            /**
             * @description `cancelled` (voided and refunded), `requested` (sent to the institution), `pending` (under
             *     way: the provider or gateway is slow; the member gets an email when done).
             */
            outcome: components["schemas"]["CancellationState"];
            terms: components["schemas"]["CancellationTerms"];
        };
        /**
         * @description The outcome's name.
         * @enum {string}
         */
        CancellationState: "cancelled" | "requested" | "pending";
        /** @description What cancelling would do now. */
        CancellationTerms: {
            /** @description What was paid (`$1,899`, `$1,899.50`): the refund within the period. */
            amountPaid: string;
            /** @description A paid contract, not cancelled yet. */
            cancellable: boolean;
            contractNumber: string;
            /**
             * Format: uint32
             * @description Days of the state's free look (a full refund, no fee, to the card).
             */
            freeLookDays: number;
            institutionName: string;
            /** @description The last day of the money-back period (`MMMM Do, YYYY`). */
            moneyBackEnds: string;
            /**
             * Format: int64
             * @description The odometer reading when the contract was bought: today's reading is at least this.
             */
            odometerAtSale: number;
            quote: components["schemas"]["RefundQuote"] | null;
            refund: components["schemas"]["RefundState"] | null;
            /** @description The institution's refund terms, else the default (spec section 9). */
            refundText: string;
            /**
             * @description When a request after the money-back period already went to the institution
             *     (`MMMM Do, YYYY`; cancellations before the state rules): asking again changes nothing.
             */
            requestedOn: string | null;
            /** @description The state's rules in a sentence, and where they come from. */
            rules: string;
            source: string;
            /** @description The member's state, whose rules apply (`TX`), and its name. */
            state: string;
            stateName: string;
            status: components["schemas"]["PurchaseStatus"];
            /** @description Cancelling now voids the contract and refunds the card in full. */
            withinMoneyBack: boolean;
        };
        Cancellations: {
            /** Format: int64 */
            contracts: number;
        };
        /**
         * @description A challenge as ALTCHA's widget reads it (PoW v2): find the counter whose derived key starts
         *     with `keyPrefix`.
         */
        CaptchaChallenge: {
            parameters: components["schemas"]["CaptchaParameters"];
            /** @description HMAC-SHA-256 of the parameters, hex: the server's proof it issued them. */
            signature: string | null;
        };
        /** @description The key derivation to repeat and what its key must start with. */
        CaptchaParameters: {
            /** @description `PBKDF2/SHA-256`. */
            algorithm: string;
            /**
             * Format: uint32
             * @description Iterations per try.
             */
            cost: number;
            /**
             * Format: int64
             * @description UTC unix seconds after which a solution is refused.
             */
            expiresAt: number | null;
            /** Format: uint64 */
            keyLength: number;
            /** @description Hex. */
            keyPrefix: string;
            /** @description Hex. */
            keySignature: string | null;
            /** @description Hex. */
            nonce: string;
            /** @description Hex. */
            salt: string;
        };
        /** @description Car flags (spec section 3) with their provider codes CERT, COMM, LIFT, SALV, MOD, 2ND. */
        CarFlags: {
            /**
             * @description CERT: certified pre-owned.
             * @default false
             */
            certifiedPreowned?: boolean;
            /**
             * @description COMM: used commercially.
             * @default false
             */
            commercialUse?: boolean;
            /**
             * @description LIFT: lift kit or oversize tires.
             * @default false
             */
            hasLiftKitOrOversizeTires?: boolean;
            /**
             * @description SALV: salvage title (not insurable).
             * @default false
             */
            isSalvageTitle?: boolean;
            /**
             * @description MOD: modified vehicle.
             * @default false
             */
            modifiedVehicle?: boolean;
            /**
             * @description 2ND: second owner.
             * @default false
             */
            secondOwner?: boolean;
        };
        /** @description A member's car. */
        CarView: {
            carFlags: components["schemas"]["CarFlags"];
            carId: string;
            isMockVin: boolean;
            make: string;
            /** Format: int64 */
            milesPerYear: number;
            model: string;
            /** Format: int64 */
            odometer: number;
            style: string;
            vehicleType: string;
            vin: string;
            /** Format: int64 */
            year: number;
            /** Format: int64 */
            yearsToOwn: number;
        };
        Cars: {
            cars: components["schemas"]["CarView"][];
        };
        /** @description A catalog list (`data`): years, makes, models, styles or bodies. */
        CatalogList_String: {
            data: string[];
        };
        /** @description A catalog list (`data`): years, makes, models, styles or bodies. */
        CatalogList_u16: {
            data: number[];
        };
        ChangePassword: {
            newPassword: string;
            oldPassword: string;
        };
        /** @description Where a member's checkout stands. */
        Checkout: {
            answers: components["schemas"]["Answers"];
            facts: components["schemas"]["Facts"];
            /** @description The screen the member is on. */
            step: components["schemas"]["Step"];
        };
        /**
         * @description Where a checkout stands for ops (the `CoverlineStatus` search attribute).
         * @enum {string}
         */
        CheckoutStatus: "shopping" | "booking" | "bookingFailed" | "booked" | "paid" | "fulfilled" | "voided" | "cancelled" | "abandoned";
        /** @description Where a checkout stands: its answer to every Update and to the `view` query. */
        CheckoutView: {
            checkout: components["schemas"]["Checkout"];
            /**
             * Format: uint32
             * @description Verification codes sent.
             */
            codeSends: number;
            purchase: components["schemas"]["PurchaseView"] | null;
            status: components["schemas"]["CheckoutStatus"];
            /**
             * Format: uint64
             * @description Steps recorded so far (the read model keeps the newest).
             */
            version: number;
        };
        /** @description The coverage the member picked on the carousel. */
        ChosenRate: {
            /**
             * Format: uint32
             * @description Its position in the quote's filtered list (the carousel's index).
             */
            index: number;
            rateId: string;
        };
        /** @description Where the code went. */
        CodeSent: {
            /** @description What the page says. */
            message: string;
            /** @description The address on file, masked (`j•••@example.com`). */
            sentTo: string;
        };
        /** @description Every field is optional; a request carries what the member had answered so far. */
        CollectedInfo: {
            /** @description The state chosen on the splash page. */
            chosenStateOfResidence?: string | null;
            currentOdometer?: components["schemas"]["NumberOrText"] | null;
            /** @description Required without a session. */
            emailAddress?: string | null;
            firstName?: string | null;
            isMember?: boolean | null;
            lastName?: string | null;
            make?: string | null;
            /**
             * Format: uint32
             * @description One of the miles-per-year choices.
             */
            milesPerYear?: number | null;
            model?: string | null;
            /** @description Digits only. */
            phoneNumber?: string | null;
            /** @description The coverage options the member saw (a full rate is accepted; what is kept is its summary). */
            rateArray?: components["schemas"]["RateSummary"][] | null;
            state?: string | null;
            style?: string | null;
            vin?: string | null;
            wantsMembershipInfo?: boolean | null;
            year?: components["schemas"]["NumberOrText"] | null;
            /**
             * Format: uint32
             * @description One of the years-to-own choices (7: seven or more).
             */
            yearsToOwn?: number | null;
        };
        /** @description Brand colours, hex without `#`. */
        Colors: {
            cta: string;
            primary: string;
            secondary: string;
        };
        /** @description The confirmation page's data (spec section 3), once the contract is paid. */
        Confirmation: {
            institution: components["schemas"]["ConfirmationInstitution"];
            /** @description The provider's contract number. */
            mmpContractNumber: string;
            payment: components["schemas"]["ConfirmationPayment"];
            /** @description The reference a member reads out (`CL-7F3K-92QD`); the policy id for purchases made before references. */
            policyReferenceNumber: string;
            vehicle: components["schemas"]["ConfirmationVehicle"];
        };
        ConfirmationBody: {
            policyId: string;
        };
        /** @description Who sold it. */
        ConfirmationInstitution: {
            /** @description `(555) 555-0100`. */
            formattedPhone: string;
            name: string;
        };
        /** @description The payment (amounts in cents, each with its `$` form). */
        ConfirmationPayment: {
            /** Format: int64 */
            amount: number;
            dollarSignAmount: string;
            dollarSignSalesTax: string;
            dollarSignSubtotal: string;
            hasSalesTax: boolean;
            /** @description MM/DD/YYYY: the coverage's start. */
            paymentDate: string;
            /** @description The gateway's tracking number. */
            paymentId: string;
            /** Format: int64 */
            salesTax: number;
            /** Format: int64 */
            subtotal: number;
        };
        /** @description The covered vehicle and its coverage. */
        ConfirmationVehicle: {
            /** @description `2019 Honda Civic EX`. */
            carDisplay: string;
            /**
             * Format: int64
             * @description Cents.
             */
            coverageDeductible: number;
            /** @description MM/DD/YYYY. */
            coverageExpirationDate: string;
            /** Format: int64 */
            coverageMonths: number;
            coverageName: string;
            dollarSignDeductible: string;
            dollarSignTaxAmount: string;
            formattedCoverageMiles: string;
            /** Format: int64 */
            odometerWhenCoverageExpires: number;
            /**
             * Format: int64
             * @description Cents.
             */
            taxAmount: number;
            vin: string;
        };
        /** @description A consent given or withheld. */
        ConsentDetail: {
            /** Format: int64 */
            at: number;
            /** @description The client address it came from. */
            client: string | null;
            granted: boolean;
            /** @description `electronicDelivery` or `promotionalEmail`. */
            kind: string;
            source: string;
            /** @description The disclosure's version. */
            version: string | null;
        };
        /**
         * @description Who to call about a contract (10 digits, or null): the institution's own lines where it set
         *     them, else the rating provider's (spec section 3's emailSettings and provider fallback numbers).
         */
        ContactNumbers: {
            emergencyRoadside: string | null;
            general: string | null;
            keyReplacement: string | null;
            mechanicalBreakdown: string | null;
        };
        /** @description A request to be called: where the member was, and what they told us. */
        ContactRequest: {
            collectedInfo?: components["schemas"]["CollectedInfo"];
            doesConsentToEmail?: boolean;
            institutionContact?: boolean;
            pageUserBouncedFrom: components["schemas"]["BounceSource"];
        };
        /** @description The stored request (a repeat within a minute answers the first one's id). */
        ContactRequestId: {
            contactRequestId: string;
        };
        /** @description The member's newest contact request (contact-me, institution contact): what they told us. */
        ContactRequestView: {
            collectedInfo: components["schemas"]["CollectedInfo"] | null;
            doesConsentToEmail: boolean;
            institutionContact: boolean;
            pageUserBouncedFrom: string;
        };
        /** @description The member's car: VIN, flags and their answers. */
        CreateCar: {
            carFlags?: components["schemas"]["CarFlags"];
            /**
             * Format: uint32
             * @description One of the offered options: 5000, 10000, 15000, 20000, 25000 or 30000.
             */
            milesPerYear: number;
            /**
             * @description Miles on the odometer as typed: digits and commas, at most 7 characters, spaces around them
             *     ignored; 1 to 999,999 miles, at most 6 digits.
             */
            odometer: string;
            /** @description The member's choice among the decoded VIN's `styleChoices` (required when it has any). */
            style?: string | null;
            /**
             * @description 17 characters, digits and letters other than I, O and Q, in either case; spaces around it
             *     are ignored.
             */
            vin: string;
            /** Format: uint8 */
            yearsToOwn: number;
        };
        /** @description The member's answers for their car. */
        CreateQuote: {
            carId: string;
            /** Format: uint32 */
            milesPerYear: number;
            penTrackKey?: string | null;
            /** @description Two-letter code of the state of residence, one of the 50 states or DC, in either case. */
            state: string;
            /** Format: uint8 */
            yearsToOwn: number;
        };
        /** @description The splash's answer: an email address and a generated password. */
        CreateUser: {
            /**
             * @description The splash's captcha solution (the ALTCHA widget's payload for a challenge of
             *     `GET /institution/{iid}/captcha`); each is accepted once.
             */
            captchaToken?: string | null;
            currentUserId?: string | null;
            /** @description An address a mail relay takes, with a dot in its domain; stored lower-cased. */
            emailAddress: string;
            password: string;
        };
        /** @description A decoded VIN. */
        Decoded: {
            data: components["schemas"]["DecodedVehicle"];
        };
        /** @description What a VIN decodes to, as the car pages and the rate books use it. */
        DecodedVehicle: {
            /**
             * @description True when position 9 is not the check digit the others give: the VIN is still a vehicle vPIC
             *     knows, but the member should compare it with their registration.
             */
            checkDigitMismatch?: boolean;
            /** @description True when the VIN is the catalog's representative VIN of a description, not the member's car. */
            isMockVin?: boolean;
            make: string;
            model: string;
            /** @description A label a member recognises: trim, else series, else body and engine. */
            style: string;
            /**
             * @description The styles this VIN may be, when vPIC cannot tell its trim and the catalog lists several that
             *     fit its year, make, model and engine: the member chooses one ([`DecodedVehicle::choose_style`])
             *     before the car is created. Empty when the style is known.
             */
            styleChoices?: string[];
            /** @description vPIC's vehicle type (`PASSENGER CAR`, `MULTIPURPOSE PASSENGER VEHICLE (MPV)`, `TRUCK`). */
            vehicleType: string;
            vin: string;
            /** Format: uint16 */
            year: number;
        };
        /** @description A signed link to the contract PDF. */
        DocumentLink: {
            /**
             * Format: int64
             * @description Unix seconds.
             */
            expiresAt: number;
            /** @description The link to open: `/api/.../fetchdocument/{policyId}?token=...`. */
            policy: string;
            /** @description `{expires}.{hex hmac}`. */
            token: string;
        };
        /** @description The provider-style envelope of `verifyresponse`: `status`, `data.data`, `data.error.error_message`. */
        Envelope: {
            data: components["schemas"]["EnvelopeData"];
            /** Format: uint16 */
            status: number;
        };
        EnvelopeData: {
            data: components["schemas"]["PaymentRecord"] | null;
            error: components["schemas"]["EnvelopeError"] | null;
        };
        EnvelopeError: {
            code: components["schemas"]["ErrorCode"] | null;
            /** @description 'User timeout.', the processor's refusal, or the spec's payment problem text. */
            error_message: string;
        };
        /** @description Every error answer of `/api`. */
        ErrorBody: {
            error: components["schemas"]["ErrorDetail"];
        };
        /**
         * @description A stable code of an error answer; its JSON form is the camelCase name (the unit test
         *     checks that serde's `rename_all` and the listed names agree).
         * @enum {string}
         */
        ErrorCode: "validation" | "badRequest" | "notFound" | "methodNotAllowed" | "tooLarge" | "unsupportedMediaType" | "unauthorized" | "forbidden" | "sessionExpired" | "invalidCredentials" | "institutionInactive" | "invalidIntegrator" | "integratorInactive" | "vehicleNotFound" | "mockVin" | "noQuotes" | "invalidCode" | "emailNotVerified" | "emailFailed" | "bookingFailed" | "bookingNoResponse" | "paymentFailed" | "gatewayUnavailable" | "paymentPending" | "alreadyPaid" | "secondChargeRefunded" | "chargeRefunded" | "voided" | "confirmationRequired" | "quoteStateChanged" | "notReady" | "noPolicies" | "conflict" | "stepOutOfOrder" | "checkoutBusy" | "checkoutClosed" | "linkExpired" | "captchaRequired" | "captchaInvalid" | "captchaExpired" | "captchaUsed" | "rateLimited" | "badSignature" | "unavailable" | "internal";
        /** @description What went wrong: a code the web app switches on and a message a member can read. */
        ErrorDetail: {
            /** @description A stable code the client switches on. */
            code: components["schemas"]["ErrorCode"];
            /** @description The request field at fault, for validation errors. */
            field?: string | null;
            /** @description The member-facing text (the spec's text where it has one). */
            message: string;
        };
        Exchange: {
            launchCode: string;
        };
        /** @description What the server itself knows of the member, read by the API from its records on every step. */
        Facts: {
            /**
             * @description A code was emailed to the member's current address.
             * @default false
             */
            codeSent?: boolean;
            /**
             * @description Name, phone and address were given (personal details).
             * @default false
             */
            detailsGiven?: boolean;
            /**
             * @description The member entered the emailed code for their current address.
             * @default false
             */
            emailVerified?: boolean;
            /** @description The membership answer, once given. */
            isMember: boolean | null;
            /**
             * @description The state of residence is one the institution sells in.
             * @default false
             */
            residenceEligible?: boolean;
        };
        /** @description What a search found. */
        Found: {
            members: Record<string, never>[];
        };
        /** @description Limits of the forms and the coverage options (spec section 9). */
        GlobalLimits: {
            /** Format: uint64 */
            codeDigits: number;
            /** Format: uint64 */
            defaultRateIndex: number;
            /** Format: uint64 */
            maxRates: number;
            /** Format: uint64 */
            odometerDigits: number;
            /** Format: uint64 */
            phoneDigits: number;
            /** Format: uint64 */
            priceCapDollars: number;
            /** Format: uint64 */
            vinLength: number;
            /** Format: uint64 */
            zipLength: number;
        };
        /**
         * @description Settings that are the same for every institution and that a client needs (spec section 7).
         *     No secrets: what the app already shows or does, from the one source of the constants
         *     (domain/product.json) and the server's configuration.
         */
        GlobalSettings: {
            /** @description The API's version (the `coverline` build). */
            appVersion: string;
            limits: components["schemas"]["GlobalLimits"];
            /** @description How the card widget is started (the payment account is each institution's `entityId`). */
            paymentWidget: components["schemas"]["PaymentWidgetStart"];
            /** @description The terms-of-service PDF the review page links to (same origin as the app). */
            termsOfServicePath: string;
            timings: components["schemas"]["GlobalTimings"];
        };
        /** @description Time limits (spec sections 4 and 9). */
        GlobalTimings: {
            /**
             * Format: uint64
             * @description A booking with no answer in this long fails (120000).
             */
            bookingNoResponseMs: number;
            /**
             * Format: uint64
             * @description How often the page checks it (30000).
             */
            idleCheckMs: number;
            /**
             * Format: uint64
             * @description The page's inactivity time-out (900000).
             */
            idleTimeoutMs: number;
            /**
             * Format: uint64
             * @description The server refuses a session token after this much inactivity.
             */
            sessionIdleTimeoutSecs: number;
            /**
             * Format: uint64
             * @description The server refreshes no session (chain of tokens) past this age.
             */
            sessionMaxSecs: number;
        };
        /** @description One hit: `data` carries the fields of spec section 7. */
        Hit: {
            /** @description A JSON object (an array is refused, though serde would read one as the fields in order). */
            data: components["schemas"]["HitData"];
        };
        /** @description A pageview or event; each text field at most 500 characters. */
        HitData: {
            clientId?: string | null;
            deviceUserAgentString?: string | null;
            eventAction?: string | null;
            eventCategory?: string | null;
            eventLabel?: string | null;
            hitType: components["schemas"]["HitType"];
            pagePath?: string | null;
            pageTitle?: string | null;
        };
        /**
         * @description What was hit.
         * @enum {string}
         */
        HitType: "pageview" | "event";
        /**
         * @description An institution's or an integrator's file, as `coverline institution import` and `coverline integrator
         *     import` read them.
         */
        ImportBody: {
            /** @description An institution's logo (the file its `logoName` names), base64; omitted, the stored one stays. */
            logoBase64?: string | null;
            /** @description The TOML file's text. */
            toml: string;
        };
        /** @description An institution a person may see. */
        InstitutionName: {
            institutionId: string;
            name: string;
        };
        /** @description An institution as the admin sees it, with its integrators. */
        InstitutionRow: {
            institutionId: string;
            integrators: components["schemas"]["IntegratorRow"][];
            isActive: boolean;
            name: string;
        };
        /** @description An institution's public settings. */
        InstitutionView: {
            /** @description Providers, price limit, payment options, logo, texts, product name (spec section 3). */
            applicationSettings: components["schemas"]["ApplicationSettings"];
            /** @description Colours, phone, dark mode, header (spec section 3). */
            branding: components["schemas"]["Branding"];
            /** @description The two-letter states the institution's providers sell in. */
            eligibleStates: string[];
            entityId: string;
            institutionId: string;
            isActive: boolean;
            logoUrl: string;
            name: string;
            onlyCoveredPlanName: string | null;
            portalAccountId: string;
        };
        /** @description The embedded app's session: the member, the token, and (with a vehicle) the car and quote. */
        IntegrationSession: {
            car: components["schemas"]["CarView"] | null;
            quote: components["schemas"]["QuoteView"] | null;
            token: string;
            user: components["schemas"]["UserView"];
        };
        /** @description An integrator as the admin sees it. */
        IntegratorRow: {
            integratorId: string;
            isActive: boolean;
            name: string;
            /** @description The origins allowed to frame the flow. */
            origins: string[];
        };
        /**
         * @description A language of the product: its catalogue is `domain/texts/{code}.json`.
         * @enum {string}
         */
        Language: "en" | "es";
        /** @description The member's language choice. */
        LanguageChoice: {
            language: components["schemas"]["Language"];
        };
        Launch: {
            member: components["schemas"]["PartnerMember"];
            /** @description State of residence for the quote; default: the member's address. */
            state?: string | null;
            vehicle?: components["schemas"]["PartnerVehicle"] | null;
        };
        /** @description Where to send the member: a one-time launch code in the embedded app's URL. */
        Launched: {
            /**
             * Format: int64
             * @description Unix seconds.
             */
            expiresAt: number;
            launchCode: string;
            /** @description `/{iid}/user/integration/{integratorId}/silent|selection?launch=...`. */
            url: string;
        };
        /** @description The signed link's token (from `verifydetails`). */
        LinkToken: {
            /** @description The `token` of the document link. */
            token: string;
        };
        /** @description The signed-in person. */
        Me: {
            /** @description Sent back in `X-CSRF-Token` on every `POST`. */
            csrfToken: string;
            email: string;
            /**
             * Format: int64
             * @description When the session ends unless used (unix seconds).
             */
            expiresAt: number;
            /** @description Null: every institution. */
            institutionId: string | null;
            /** @description The institutions this person sees. */
            institutions: components["schemas"]["InstitutionName"][];
            name: string;
            roles: components["schemas"]["Role"][];
        };
        /** @description A description's representative ("mock") VIN, in `data.message` as the spec has it. */
        MockVin: {
            data: components["schemas"]["MockVinData"];
        };
        MockVinData: {
            isMockVin: boolean;
            message: string;
        };
        /** @description The obligor as a contract, a sample or the review page names it to a member of one state. */
        NamedObligor: {
            /** @description `street, city, ST zip`. */
            address: string;
            /**
             * @description `Texas service contract provider registration no. 123`, where the member's state requires
             *     it on the contract; else `null`.
             */
            licence: string | null;
            name: string;
            /** @description `(800) 555-0170`. */
            phone: string;
        };
        /** @description The session's new token (the old one stops working). */
        NewToken: {
            token: string;
        };
        /**
         * @description A value the page may hold as a number or as text (a model year: a number from a decoded VIN,
         *     text for a described vehicle; an odometer as typed or parsed).
         */
        NumberOrText: number | string;
        OneCar: {
            car: components["schemas"]["CarView"];
        };
        /** @description The checkout as the workflow answered. */
        OneCheckout: {
            checkout: components["schemas"]["CheckoutView"];
        };
        OnePayment: {
            payment: components["schemas"]["PaymentView"];
        };
        OnePolicy: {
            policy: components["schemas"]["PolicyView"];
        };
        OneUser: {
            user: components["schemas"]["UserView"];
        };
        /** @description An opened drop: where to PUT the photo, until when, and how large it may be. */
        OpenedDrop: {
            data: components["schemas"]["OpenedDropData"];
        };
        OpenedDropData: {
            dropId: string;
            /** @description RFC 3339. */
            expiresAt: string;
            /** Format: uint64 */
            maxBytes: number;
            signedPutUrl: string;
        };
        /** @description A contract to mail on paper. */
        PaperCopyDetail: {
            /** Format: int64 */
            mailedAt: number | null;
            mailedBy: string | null;
            /** @description `declinedElectronicDelivery` or `requested`. */
            reason: string;
            /** Format: int64 */
            requestedAt: number;
        };
        /** @description A paper copy queued. */
        PaperCopyQueued: {
            /** @description What the page says. */
            message: string;
        };
        PartnerMember: {
            address: components["schemas"]["Address"];
            doesConsentToSoliciting?: boolean;
            emailAddress: string;
            firstName: string;
            isMember?: boolean;
            lastName: string;
            phoneNumber: string;
        };
        PartnerVehicle: {
            carFlags?: components["schemas"]["CarFlags"];
            /** Format: uint32 */
            milesPerYear?: number;
            /** @description Miles, as a number or a string. */
            odometer: string;
            /** @description The vehicle's style, when its VIN fits several (the `vehicle.style` error names them). */
            style?: string | null;
            vin: string;
            /** Format: uint8 */
            yearsToOwn?: number;
        };
        Password: {
            password: string;
        };
        /** @description The charge the widget made, as the page shows it. */
        PaymentRecord: {
            /**
             * Format: int64
             * @description Cents, tax included.
             */
            amount: number;
            /** @description MM/DD/YYYY. */
            paymentDate: string;
            /** @description The gateway's tracking number. */
            trackingNumber: string;
        };
        /** @description A payment of the member. */
        PaymentView: {
            /**
             * Format: int64
             * @description Cents, tax included.
             */
            amount: number;
            /** @description MM/DD/YYYY. */
            paymentDate: string;
            /** @description The gateway's tracking number. */
            paymentId: string;
            policyId: string;
            /**
             * Format: int64
             * @description Cents.
             */
            taxAmount: number;
        };
        /**
         * @description How the gateway's card widget is started (spec section 7: "The payment widget starts with mode
         *     selection, integration id DICE, payment account = institution entityId, experience
         *     NAO_CC_ONLY"): the same for every institution; the payment account is the institution's
         *     `entity_id`, which the sign request carries as `PaymentAccountId`.
         */
        PaymentWidgetStart: {
            /** @description `NAO_CC_ONLY`: card only; also the sign request's `experience`. */
            experience: string;
            /** @description `DICE`: Coverline's integration at the gateway. */
            integrationId: string;
            /** @description `selection`: the member selects the payment method in the widget. */
            mode: string;
        };
        Payments: {
            payments: components["schemas"]["PaymentView"][];
        };
        /** @description An activity the workflow waits on. */
        PendingActivity: {
            activity: string;
            /** Format: int64 */
            attempt: number;
            lastFailure: string | null;
        };
        /** @description One of the provider's benefits. */
        PlanBenefit: {
            text: string;
            title: string;
        };
        /** @description One covered component area of a plan. */
        PlanComponent: {
            /** @description Its element id on the card (`AC / Heating` → `ac-heating`). */
            cssId: string;
            text: string;
            title: string;
        };
        /** @description The back of a coverage card. */
        PlanDescription: {
            /** @description The provider's benefits (rental car, roadside, key replacement, ...; spec section 9). */
            benefits: components["schemas"]["PlanBenefit"][];
            /** @description The covered component areas (spec section 3); empty for a plan without texts. */
            components: components["schemas"]["PlanComponent"][];
            intro: string;
        };
        Policies: {
            policies: components["schemas"]["PolicyView"][];
        };
        /** @description The booked policy to pay. */
        PolicyRef: {
            policyId: string;
        };
        /** @description A policy: its reference number, the provider's contract number once booked, and its status. */
        PolicyView: {
            mmpContractNumber: string | null;
            policyId: string;
            /** @description created, booking, booked, bookingFailed, paid, fulfilled, voided. */
            status: components["schemas"]["PurchaseStatus"];
        };
        /** @description A policy with the confirmation page's data once paid. */
        PolicyWithConfirmation: {
            confirmation: components["schemas"]["Confirmation"] | null;
            policy: components["schemas"]["PolicyView"];
        };
        /** @description A price that changed since the member last saw it (a resumed quote too old to honour). */
        PriceChange: {
            /** @description What the member saw, e.g. `$1,234` or `$1,234.50`. */
            from: string;
            /** @description The sentence to show. */
            message: string;
            /** @description What the coverage costs now. */
            to: string;
        };
        /** @description Everything about one purchase (`support show`, the console's purchase page). */
        PurchaseDetail: {
            /** @description What support can do to it now. */
            actions: components["schemas"]["Actions"];
            /** Format: int64 */
            amountCents: number | null;
            /** @description The member's consents, oldest first. */
            consents: components["schemas"]["ConsentDetail"][];
            contractNumber: string | null;
            coverageName: string;
            /** Format: int64 */
            createdAt: number;
            email: string;
            institutionId: string;
            lastError: string | null;
            /** @description First and last name once the member gave them (null once erased). */
            memberName: string | null;
            /** Format: int64 */
            paidAt: number | null;
            paperCopy: components["schemas"]["PaperCopyDetail"] | null;
            /** @description The verified payment (gateway tracking number), if paid, and when. */
            paymentId: string | null;
            /** Format: int64 */
            paymentTaxCents: number | null;
            policyId: string;
            /** Format: int64 */
            priceCents: number;
            quoteId: string;
            rateId: string;
            /** Format: int64 */
            rateTaxCents: number;
            /** @description The member-facing reference (`CVL-…`), once booked. */
            reference: string | null;
            refund: components["schemas"]["RefundDetail"] | null;
            status: components["schemas"]["PurchaseStatus"];
            /** @description Oldest first. */
            timeline: components["schemas"]["TimelineEntry"][];
            /** Format: int64 */
            updatedAt: number;
            userId: string;
            vin: string;
            workflow: components["schemas"]["WorkflowDetail"];
        };
        /**
         * @description Where a purchase stands; the names are what the API and `support` show.
         * @enum {string}
         */
        PurchaseStatus: "booking" | "bookingFailed" | "booked" | "paid" | "fulfilled" | "voided" | "cancelled";
        /** @description The purchase as the workflow knows it. */
        PurchaseView: {
            bookingFailure: components["schemas"]["BookingFailure"] | null;
            /**
             * Format: uint32
             * @description Booking rounds started (1 + retries asked for).
             */
            bookingRounds: number;
            contractNumber: string | null;
            /** @description The gateway's tracking number of the recorded payment. */
            paymentId: string | null;
            policyId: string | null;
            quoteId: string;
            rateId: string;
            /** @description Tracking numbers of the charges refunded (a second charge, or one for a voided contract). */
            refunded: string[];
            status: components["schemas"]["PurchaseStatus"];
        };
        /** @description A quote: up to three rates for the member's car and answers. */
        QuoteView: {
            carId: string;
            penTrackKey: string;
            quoteId: string;
            /** @description Up to three options, each with its derived fields (spec section 3). */
            rates: components["schemas"]["RateOption"][];
            /** @description Two-letter state of residence. */
            state: string;
        };
        Quotes: {
            quotes: components["schemas"]["QuoteView"][];
        };
        /**
         * @description One coverage option: the rate with its derived fields, who rates and books it, the back of its
         *     card and who to call about it.
         */
        RateOption: components["schemas"]["RateView"] & {
            contactNumbers: components["schemas"]["ContactNumbers"];
            description: components["schemas"]["PlanDescription"];
            obligor?: components["schemas"]["NamedObligor"] | null;
            /** @description The provider that rated this option and books it (`NAC`, `Rt66`, `EFG`). */
            provider: string;
        };
        /** @description What the institution reads of a coverage option the member saw. */
        RateSummary: {
            /** Format: uint32 */
            coverageMiles: number;
            /** Format: uint32 */
            coverageMonths: number;
            coverageName: string;
            /** @description `$1,234` or `$1,234.50` (`0,0[.]00`). */
            dollarSignRate: string;
        };
        /** @description A rate as the member sees it, with every derived field of spec section 3. */
        RateView: {
            /**
             * Format: int64
             * @description Cents.
             */
            coverageDeductible: number;
            coverageExpirationDate: string;
            coverageFamilyType: string;
            /** Format: uint32 */
            coverageMiles: number;
            /** Format: uint16 */
            coverageMonths: number;
            coverageName: string;
            dollarSignDeductible: string;
            /** @description `$1,234.56`: the unformatted rate. */
            dollarSignRate: string;
            dollarSignTaxAmount: string;
            dollarSignTotalRateCost: string;
            formattedCoverageMiles: string;
            /** Format: uint32 */
            odometerWhenCoverageExpires: number;
            /** @description `1,234.56`: the unformatted rate. */
            rate: string;
            rateCollectionId: string;
            rateId: string;
            /**
             * Format: int64
             * @description Cents: the sales tax included in the rate (0 where the state has none).
             */
            taxAmount: number;
            /**
             * Format: int64
             * @description Cents: the unformatted rate (the total the member pays, tax included).
             */
            totalRateCost: number;
            /**
             * Format: int64
             * @description Cents: the amount charged, tax included (spec section 9: the payment amount comes from
             *     the unformatted rate).
             */
            unformattedRate: number;
        };
        /** @description The VIN read from the photo. */
        Reading: {
            data: components["schemas"]["ReadingData"];
        };
        ReadingData: {
            /** @description True when check-digit repair changed a misread character. */
            repaired: boolean;
            source: components["schemas"]["ReadingSource"];
            vin: string;
        };
        /**
         * @description Where the VIN was read: the printed text (OCR) or its barcode.
         * @enum {string}
         */
        ReadingSource: "text" | "barcode";
        /** @description What became of the event. */
        Received: {
            eventId: string;
            /**
             * @description `recorded` (the contract's payment), `refunded`, `accepted` (the checkout records it),
             *     `duplicate` (handled before), `unconfirmed` (the gateway holds no such charge: nothing
             *     recorded), or `ignored`.
             */
            outcome: string;
        };
        /**
         * @description How the refund reaches the member.
         * @enum {string}
         */
        RefundBy: "card" | "check";
        /** @description A cancelled contract's refund. */
        RefundDetail: {
            checkNumber: string | null;
            /** @description `YYYY-MM-DD`. */
            dueBy: string;
            /** Format: int64 */
            feeCents: number;
            /** @description `freeLook` or `proRata`. */
            method: string;
            /** Format: int64 */
            paidAt: number | null;
            /**
             * Format: int64
             * @description The late penalty paid with a check.
             */
            penaltyCents: number;
            /** @description `card` or `check`. */
            refundBy: string;
            /** Format: int64 */
            refundCents: number;
            /** @description The state whose rules applied. */
            state: string;
        };
        /**
         * @description How the refund was worked out.
         * @enum {string}
         */
        RefundMethod: "freeLook" | "proRata";
        /** @description The check that paid a refund. */
        RefundPaidBody: {
            checkNumber: string;
            /** @description `YYYY-MM-DD`; today when omitted. */
            paidOn?: string | null;
        };
        /** @description What cancelling now gives back, for the odometer reading given. */
        RefundQuote: {
            /** @description The day the refund is due by (`MMMM Do, YYYY`). */
            dueBy: string;
            fee: string;
            /** Format: int64 */
            feeCents: number;
            /** @description `freeLook`: the whole price, no fee. `proRata`: the unused part, less the fee. */
            method: components["schemas"]["RefundMethod"];
            /**
             * Format: int64
             * @description The odometer reading quoted for.
             */
            odometer: number;
            /** @description `$1,150.25`. */
            refund: string;
            /** @description `card` (within the free look) or `check`. */
            refundBy: components["schemas"]["RefundBy"];
            /** Format: int64 */
            refundCents: number;
            /** @description The unused part of the price, before the fee. */
            unearned: string;
        };
        /** @description A cancelled contract's refund. */
        RefundState: {
            /** @description `MMMM Do, YYYY`. */
            dueBy: string;
            fee: string;
            method: components["schemas"]["RefundMethod"];
            paid: boolean;
            refund: string;
            refundBy: components["schemas"]["RefundBy"];
        };
        Refunds: {
            /** Format: int64 */
            amountCents: number;
            /** Format: int64 */
            count: number;
        };
        /** @description An institution's programme over a period. */
        Report: {
            cancellations: components["schemas"]["Cancellations"];
            /** @description Each day of the period, in order. */
            days: components["schemas"]["ReportDay"][];
            from: string;
            /** @description Visitors and members who first reached each step in the period, and contracts paid. */
            funnel: components["schemas"]["ReportStep"][];
            institutionId: string;
            refunds: components["schemas"]["Refunds"];
            sales: components["schemas"]["Sales"];
            to: string;
        };
        /** @description One day of a report. */
        ReportDay: {
            /** Format: int64 */
            amountCents: number;
            /** Format: int64 */
            cancellations: number;
            /** Format: int64 */
            contracts: number;
            /** @description `YYYY-MM-DD`. */
            date: string;
            /** @description Visitors at the splash, and members at each step, who first reached it that day. */
            reached: {
                [key: string]: number;
            };
            /** Format: int64 */
            refundCents: number;
            /** Format: int64 */
            refunds: number;
        };
        /** @description One step of a report's funnel (`coverline report funnel`'s row). */
        ReportStep: {
            /**
             * Format: double
             * @description `reached` as a percentage of the step before's, to a tenth (null on the first, or after none).
             */
            fromPreviousPercent: number | null;
            /**
             * Format: int64
             * @description Reached this step but not the next, never below 0 (null on the last).
             */
            left: number | null;
            /**
             * Format: int64
             * @description Visitors (splash), members (vehicle to payment) or contracts paid (purchased).
             */
            reached: number;
            /** @description `splash`, `vehicle`, … `purchased`. */
            step: string;
        };
        /** @description Whether to send again within 10 minutes of the last resend. */
        ResendBody: {
            force?: boolean;
        };
        Reset: {
            code: string;
            emailAddress: string;
            password: string;
        };
        ResetRequest: {
            emailAddress: string;
        };
        /** @description A reset code was emailed, if the address has a user (the answer never says). */
        ResetSent: {
            sent: boolean;
        };
        /** @description A 'continue your purchase' link from the code email or the reminder. */
        ResumeBody: {
            token: string;
        };
        /**
         * @description Everything a tab needs to show the member's screen again: a new token, the member, the
         *     checkout (its screen and answers), and the records behind it.
         */
        Resumed: {
            car: components["schemas"]["CarView"] | null;
            checkout: components["schemas"]["CheckoutView"] | null;
            confirmation: components["schemas"]["Confirmation"] | null;
            contactRequest: components["schemas"]["ContactRequestView"] | null;
            /** @description The integrator whose partner page this member's app lives in (integration mode), if any. */
            integratorId: string | null;
            policy: components["schemas"]["PolicyView"] | null;
            priceChange: components["schemas"]["PriceChange"] | null;
            quote: components["schemas"]["QuoteView"] | null;
            token: string;
            user: components["schemas"]["UserView"];
        };
        /**
         * @description What a person of the staff may do.
         * @enum {string}
         */
        Role: "support" | "manager" | "admin";
        Sales: {
            /** Format: int64 */
            amountCents: number;
            /** Format: int64 */
            contracts: number;
        };
        /** @description The code was sent. */
        Sent: {
            sent: boolean;
        };
        /** @description The gateway's signed request for the card widget. */
        Signed: {
            data: components["schemas"]["SignedView"];
            /** Format: uint16 */
            status: number;
        };
        /** @description What the widget is started with. */
        SignedView: {
            /**
             * Format: int64
             * @description Unix seconds.
             */
            expiresAt: number;
            /** @description The widget's origin (its messages are accepted from it only). */
            gatewayOrigin: string;
            requestId: string;
            signedRequest: string;
            /**
             * @description What the page starts the widget with besides the request (spec section 7): mode,
             *     integration id and experience; the payment account is the institution's `entityId`.
             */
            widgetStart: components["schemas"]["PaymentWidgetStart"];
            /** @description The widget's page for this request, framed by the payment page. */
            widgetUrl: string;
        };
        /**
         * @description A screen of the purchase flow (spec section 2), named as the web app names it.
         * @enum {string}
         */
        Step: "splash" | "lookup" | "vinLookup" | "descriptionLookup" | "mileage" | "milesPerYear" | "carDetails" | "yearsToOwn" | "coverage" | "missingInfo" | "sendEmail" | "codeConfirmation" | "confirm" | "payment" | "confirmation" | "noRates" | "invalidState" | "bookingError" | "paymentError" | "userCreationError" | "institutionContact" | "contactMe" | "thankYou";
        /** @description One entry of a purchase's timeline. */
        TimelineEntry: {
            actor: string;
            /**
             * Format: int64
             * @description Unix milliseconds.
             */
            at: number;
            detail: string | null;
            kind: string;
        };
        UpdateEmail: {
            /** @description The address to use from now on, stored lower-cased. */
            newEmailAddress: string;
            /** @description The member's address now. */
            oldEmailAddress: string;
        };
        /** @description New answers for the same car. */
        UpdateQuote: {
            /** Format: uint32 */
            milesPerYear: number;
            /** @description Two-letter code of the state of residence, one of the 50 states or DC, in either case. */
            state: string;
            /** Format: uint8 */
            yearsToOwn: number;
        };
        /** @description Personal details, membership, consent, or the email verification code; each optional. */
        UpdateUser: {
            address?: components["schemas"]["Address"] | null;
            doesConsentToSoliciting?: boolean | null;
            firstName?: string | null;
            isMember?: boolean | null;
            lastName?: string | null;
            phoneNumber?: string | null;
            verificationCode?: string | null;
        };
        /** @description The member with the changed address, and the session's new token. */
        UpdatedEmail: {
            updatedToken: string;
            user: components["schemas"]["UserView"];
        };
        /** @description The user as the web app sees it. */
        UserView: {
            address: components["schemas"]["AddressView"] | null;
            doesConsentToSoliciting: boolean;
            emailAddress: string;
            firstName: string | null;
            isEmailVerified: boolean;
            /** @description Null until the member answers the membership question. */
            isMember: boolean | null;
            /** @description The language the member reads Coverline in, kept for what is sent to them later (docs/languages.md). */
            language: components["schemas"]["Language"];
            lastName: string | null;
            /** @description Ten digits. */
            phoneNumber: string | null;
            userId: string;
        };
        /** @description A user and the session token to use from now on. */
        UserWithToken: {
            token: string;
            user: components["schemas"]["UserView"];
        };
        /**
         * @description The vehicle the member identified: decoded from its VIN, or the catalog's representative
         *     ("mock") VIN of a year/make/model/style description.
         */
        Vehicle: {
            /** @description Found by description: its prices are estimates until the member gives the real VIN. */
            isMockVin: boolean;
            make: string;
            model: string;
            style: string;
            vin: string;
            /** Format: uint16 */
            year: number;
        };
        /** @description The vehicle the member identified: its VIN (decoded again on the server). */
        VehicleAnswer: {
            /** @description The member's choice when the VIN fits several styles. */
            style?: string | null;
            /**
             * @description 17 characters, digits and letters other than I, O and Q, in either case; spaces around it
             *     are ignored.
             */
            vin: string;
        };
        /** @description The widget's result for the policy. */
        VerifyBody: {
            policyId: string;
            result: string;
        };
        /** @description The member's last name and zip code, as on the policy. */
        VerifyDetails: {
            /**
             * @description The personal details' name rule: letters of any script, spaces, and the apostrophes,
             *     hyphens and periods of real names (O'Brien, Mary-Jane).
             */
            lastname?: string;
            /** @description Five digits; spaces around them are ignored. */
            zipcode?: string;
        };
        /**
         * @description A refused verification: the envelope (expired session, card refused, processor failure) or an
         *     ordinary error (bad request, not the caller's policy).
         */
        VerifyRefusal: components["schemas"]["Envelope"] | components["schemas"]["ErrorBody"];
        /** @description The purchase's checkout workflow as Temporal knows it. */
        WorkflowDetail: {
            /** @description `Running`, `Completed`, …; null when Temporal did not answer. */
            execution: string | null;
            /** Format: int64 */
            historyLength: number | null;
            /** @description Its history in the Temporal UI. */
            historyUrl: string;
            pending: components["schemas"]["PendingActivity"][];
            /** @description What could not be read. */
            problem: string | null;
            /** @description The workflow's own view of the checkout and purchase (its query), when a worker answered. */
            view: string | null;
            workflowId: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    webhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The gateway's event: `{id, type, created, data}`, signed in the Gateway-Signature header */
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description The event is handled, or was before (`outcome` says what became of it) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Received"];
                };
            };
            /** @description A bad, stale (replayed) or missing signature */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A charge after its checkout closed could not be refunded yet: the gateway retries */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not recorded yet: the gateway retries */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The API is up */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
        };
    };
    global_settings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings, the same for every institution */
            200: {
                headers: {
                    /** @description public, max-age=300 */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GlobalSettings"];
                };
            };
        };
    };
    institution: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id, e.g. `summit-cu`. */
                iid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The institution's public settings, also when it is inactive */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstitutionView"];
                };
            };
            /** @description An unknown institution (404) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    record_anonymous: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id, e.g. `summit-cu`. */
                iid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Hit"];
            };
        };
        responses: {
            /** @description Stored (no body) */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    challenge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id, e.g. `summit-cu`. */
                iid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A new challenge (`Cache-Control: no-store`) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CaptchaChallenge"];
                };
            };
            /** @description An inactive (403) or unknown (404) institution */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    bodies: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id, e.g. `summit-cu`. */
                iid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The catalog's body types */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CatalogList_String"];
                };
            };
            /** @description No live session (401), an inactive institution (403), an unknown one or a session of another (404) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    makes: {
        parameters: {
            query?: {
                /** @description Model year, e.g. `2021` (makes, models, styles, VIN). */
                year?: number;
                /** @description Make, e.g. `Toyota` (models, styles, VIN). */
                make?: string;
                /** @description Model (styles, VIN). */
                model?: string;
                /** @description Style (VIN). */
                style?: string;
            };
            header?: never;
            path: {
                /** @description The institution's id, e.g. `summit-cu`. */
                iid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The makes of that model year (none for a year the catalog lacks) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CatalogList_String"];
                };
            };
            /** @description A missing or non-numeric `year` (400), no live session (401), an inactive (403) or unknown (404) institution */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    models: {
        parameters: {
            query?: {
                /** @description Model year, e.g. `2021` (makes, models, styles, VIN). */
                year?: number;
                /** @description Make, e.g. `Toyota` (models, styles, VIN). */
                make?: string;
                /** @description Model (styles, VIN). */
                model?: string;
                /** @description Style (VIN). */
                style?: string;
            };
            header?: never;
            path: {
                /** @description The institution's id, e.g. `summit-cu`. */
                iid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The models of that year and make (none when the catalog has none) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CatalogList_String"];
                };
            };
            /** @description A missing `year` or `make` (400), no live session (401), an inactive (403) or unknown (404) institution */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    styles: {
        parameters: {
            query?: {
                /** @description Model year, e.g. `2021` (makes, models, styles, VIN). */
                year?: number;
                /** @description Make, e.g. `Toyota` (models, styles, VIN). */
                make?: string;
                /** @description Model (styles, VIN). */
                model?: string;
                /** @description Style (VIN). */
                style?: string;
            };
            header?: never;
            path: {
                /** @description The institution's id, e.g. `summit-cu`. */
                iid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The styles of that year, make and model (none when the catalog has none) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CatalogList_String"];
                };
            };
            /** @description A missing `year`, `make` or `model` (400), no live session (401), an inactive (403) or unknown (404) institution */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    vin_for_description: {
        parameters: {
            query?: {
                /** @description Model year, e.g. `2021` (makes, models, styles, VIN). */
                year?: number;
                /** @description Make, e.g. `Toyota` (models, styles, VIN). */
                make?: string;
                /** @description Model (styles, VIN). */
                model?: string;
                /** @description Style (VIN). */
                style?: string;
            };
            header?: never;
            path: {
                /** @description The institution's id, e.g. `summit-cu`. */
                iid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The description's representative VIN (`isMockVin: true`) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MockVin"];
                };
            };
            /** @description A missing field (400), no live session (401), no VIN for that description (404 vehicleNotFound), too many lookups (429) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    open_drop: {
        parameters: {
            query: {
                /** @description image/jpeg, image/png, image/webp, image/gif, image/bmp or image/tiff. */
                mime: string;
            };
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A drop: the signed upload URL, valid 10 minutes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenedDrop"];
                };
            };
            /** @description Not a photo's content type (400), no live session (401), an inactive institution (403), an unknown institution or another member's id (404), too many drops (429) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    read_drop: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
                drop_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The VIN read from the photo */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Reading"];
                };
            };
            /** @description As many readings are queued as the instance takes: try again after `Retry-After` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No live session (401), an unknown drop (404), not uploaded yet (409), no VIN found or not a photo (422) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    decode_vin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id, e.g. `summit-cu`. */
                iid: string;
                /** @description The VIN, 17 characters */
                vin: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The decoded vehicle */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Decoded"];
                };
            };
            /** @description The spec's VIN length texts (400), no live session (401), an undecodable VIN (404 vehicleNotFound), too many lookups (429) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    years: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id, e.g. `summit-cu`. */
                iid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The catalog's model years, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CatalogList_u16"];
                };
            };
            /** @description No live session (401), an inactive institution (403), an unknown one or a session of another (404) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    anonymous_request: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id, e.g. `summit-cu`. */
                iid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactRequest"];
            };
        };
        responses: {
            /** @description Stored (a repeat within a minute answers the first one's id); the institution is emailed */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactRequestId"];
                };
            };
            /** @description No email address, or collected info the rules refuse (400), an inactive (403) or unknown (404) institution, too many requests (429) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    launch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The integrator's id. */
                integrator_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Launch"];
            };
        };
        responses: {
            /** @description The launch code and the embedded app's URL to send the member to (once, within 10 minutes) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Launched"];
                };
            };
            /** @description Member or vehicle data the rules refuse (400), a bad integrator or token (401 invalidIntegrator), an inactive integration or institution (403), an undecodable VIN (404), no coverage for the vehicle (422 noPolicies) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    session: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The integrator's id. */
                integrator_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Exchange"];
            };
        };
        responses: {
            /** @description The member's session (the restore cookie is set), with the car and quote when the partner gave a vehicle */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationSession"];
                };
            };
            /** @description An inactive integration or institution (403), an unknown institution or integrator, or a used or expired launch code (404) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    oidc_start: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id, e.g. `summit-cu`. */
                iid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the identity provider's authorization endpoint (authorization code, PKCE, nonce), with the browser's binding cookie; or to the splash with `?launch=invalid|unavailable` */
            303: {
                headers: {
                    /** @description Where to go */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An inactive (403) or unknown (404) institution, too many sign-ins from one address (429) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    oidc_callback: {
        parameters: {
            query?: {
                code?: string;
                state?: string;
                /** @description The issuer that answers (RFC 9207), when the provider says. */
                iss?: string;
                /** @description `access_denied` when the person declined. */
                error?: string;
            };
            header?: never;
            path: {
                /** @description The institution's id, e.g. `summit-cu`. */
                iid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To car lookup (or the invalid-state page) with the restore cookie set; or to the splash with `?launch=expired|used|invalid|details|denied|unavailable` */
            303: {
                headers: {
                    /** @description Where to go */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An inactive (403) or unknown (404) institution */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    token_launch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id, e.g. `summit-cu`. */
                iid: string;
            };
            cookie?: never;
        };
        /** @description `launch_token=<JWT>` */
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": string;
            };
        };
        responses: {
            /** @description To car lookup (or the invalid-state page) with the restore cookie set; or to the splash with `?launch=expired|used|invalid|details|unavailable` */
            303: {
                headers: {
                    /** @description Where to go */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No form with a `launch_token` (400), an inactive (403) or unknown (404) institution */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    login: {
        parameters: {
            query?: {
                emailAddress?: string;
            };
            header?: never;
            path: {
                /** @description The institution's id, e.g. `summit-cu`. */
                iid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Password"];
            };
        };
        responses: {
            /** @description The matching user and a new session token; the restore cookie is set */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserWithToken"];
                };
            };
            /** @description A malformed address (400), a wrong address or password (401 invalidCredentials), an inactive (403) or unknown (404) institution, too many failures (429) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    logo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id, e.g. `summit-cu`. */
                iid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The logo (SVG, PNG or JPEG) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": unknown;
                    "image/png": unknown;
                    "image/svg+xml": unknown;
                };
            };
            /** @description An unknown institution, or one without a logo (404) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    reset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id, e.g. `summit-cu`. */
                iid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Reset"];
            };
        };
        responses: {
            /** @description The password is changed: the user, logged in with a new token; the restore cookie is set */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserWithToken"];
                };
            };
            /** @description A malformed address or a password not 12 to 256 characters (400), a wrong, used or expired code (400 invalidCode), an inactive (403) or unknown (404) institution */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    reset_request: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id, e.g. `summit-cu`. */
                iid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResetRequest"];
            };
        };
        responses: {
            /** @description Taken: a code is emailed if the address has a user (the answer never says) */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ResetSent"];
                };
            };
            /** @description The email could not be sent (emailFailed) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A malformed address (400), an inactive (403) or unknown (404) institution, too many requests (429) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    resume: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id, e.g. `summit-cu`. */
                iid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResumeBody"];
            };
        };
        responses: {
            /** @description A new session for the link's member (the restore cookie is set) and their screen; `priceChange` when a re-rated quote's price moved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Resumed"];
                };
            };
            /** @description A malformed link (400), an inactive (403) or unknown (404) institution, an unknown, used or expired link (410 linkExpired), too many tries (429) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    end_session: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id, e.g. `summit-cu`. */
                iid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ended (or nothing to end); the restore cookie is cleared */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An inactive (403) or unknown (404) institution */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    restore: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id, e.g. `summit-cu`. */
                iid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A new token of the same session and everything to show the member's screen */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Resumed"];
                };
            };
            /** @description No restore cookie (unauthorized), or its session expired (sessionExpired) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description An inactive institution */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description An unknown institution */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    unsubscribe_page: {
        parameters: {
            query?: {
                /** @description The `token` of the reminder's unsubscribe link (without it: 404, as a forged one). */
                token?: string;
            };
            header?: never;
            path: {
                iid: string;
                uid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page with the button */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description A forged, altered or unknown link */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    unsubscribe: {
        parameters: {
            query?: {
                /** @description The `token` of the reminder's unsubscribe link (without it: 404, as a forged one). */
                token?: string;
            };
            header?: never;
            path: {
                iid: string;
                uid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unsubscribed (or already) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description A forged, altered or unknown link: nothing changes */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    create_user: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id, e.g. `summit-cu`. */
                iid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateUser"];
            };
        };
        responses: {
            /** @description The user and their session token; the restore cookie is set */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserWithToken"];
                };
            };
            /** @description A malformed address, a password not 12 to 256 characters, or a missing, invalid, expired or used captcha (400); an inactive (403) or unknown (404) institution */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_user: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The member's user */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OneUser"];
                };
            };
            /** @description No live session (401), an inactive institution (403), an unknown institution or another member's id (404) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    update_user: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateUser"];
            };
        };
        responses: {
            /** @description The member as updated (or verified), with the session's new token */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserWithToken"];
                };
            };
            /** @description Details the rules refuse (400, `field` names it), a wrong code (400 invalidCode), no live session (401), an inactive institution (403), an unknown institution or another member's id (404) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    record: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Hit"];
            };
        };
        responses: {
            /** @description Stored (no body) */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_cars: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The member's cars (none before the first) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cars"];
                };
            };
            /** @description No live session (401), an inactive institution (403), an unknown institution or another member's id (404) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    create_car: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCar"];
            };
        };
        responses: {
            /** @description The car, decoded from its VIN and stored */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OneCar"];
                };
            };
            /** @description A VIN, style, odometer or answer the rules refuse (400, `field` names it), an undecodable VIN (404 vehicleNotFound), no live session (401), an inactive institution (403), an unknown institution or another member's id (404) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_car: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
                car_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The car */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OneCar"];
                };
            };
            /** @description No live session (401), an inactive institution (403), an unknown car or not the member's (404) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_checkout: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The checkout: its screen, answers and purchase */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OneCheckout"];
                };
            };
            /** @description No checkout before the first step (404), no live session (401), an inactive institution (403), an unknown institution or another member's id (404) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    advance: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdvanceBody"];
            };
        };
        responses: {
            /** @description The checkout after the step: its screen and answers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OneCheckout"];
                };
            };
            /** @description The checkout did not answer in time */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Answers the rules refuse (400), no live session (401), records that are not the member's (404), a step out of order (409 stepOutOfOrder) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    member_request: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactRequest"];
            };
        };
        responses: {
            /** @description Stored (a repeat within a minute answers the first one's id); the institution is emailed */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactRequestId"];
                };
            };
            /** @description Collected info the rules refuse (400), no live session (401), an inactive institution (403), an unknown institution or another member's id (404), too many requests (429) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    fetch_document: {
        parameters: {
            query?: {
                /** @description A link token from `verifydetails`; without it, the owner's session is needed. */
                token?: string;
                /**
                 * @description The contract in this language, rendered now (`en`: the English version a Spanish
                 *     contract links to); without it, the stored contract, in the member's language.
                 */
                language?: components["schemas"]["Language"];
            };
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
                policy_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The contract PDF (the stored one, or with `language` the same contract rendered in that language): inline through a link, as a download to the owner's session */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": unknown;
                };
            };
            /** @description No link and no session of the owner (401), a bad link or an unknown contract (404), a voided contract (409), an expired link (410) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    set_language: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LanguageChoice"];
            };
        };
        responses: {
            /** @description The member, in their new language */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OneUser"];
                };
            };
            /** @description A language the institution does not offer (400), no live session (401), an inactive institution (403), an unknown institution or another member's id (404) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    change_password: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangePassword"];
            };
        };
        responses: {
            /** @description Changed: the session's new token; the restore cookie is set */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NewToken"];
                };
            };
            /** @description A new password not 12 to 256 characters (400), a wrong old one (401 invalidCredentials) or no live session (401), another member's id (404), too many wrong old passwords (429) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_payments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The member's payments, newest first (none before paying) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payments"];
                };
            };
            /** @description No live session (401), an inactive institution (403), an unknown institution or another member's id (404) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    confirmation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfirmationBody"];
            };
        };
        responses: {
            /** @description The confirmation page's data, once the payment is recorded */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Confirmation"];
                };
            };
            /** @description The spec's payment problem text */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No live session (401), not the member's policy (404), the payment is not recorded yet (409 paymentPending) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_payment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
                payment_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OnePayment"];
                };
            };
            /** @description No live session (401), an inactive institution (403), an unknown payment or not the member's (404) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_policies: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The member's policies, newest first (none before booking) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Policies"];
                };
            };
            /** @description No live session (401), an inactive institution (403), an unknown institution or another member's id (404) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    book: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Book"];
            };
        };
        responses: {
            /** @description The policy, booked (or already booked or paid) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OnePolicy"];
                };
            };
            /** @description The address is in another state than the quote's (quoteStateChanged: quote again in it), a described car without its VIN (mockVin), or the contract was voided */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The booking failed (the spec's text) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The provider did not answer in time (the booking text, ending with the spec's not-charged sentence) */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No personal details yet (400), no live session (401), an unverified email (403 emailNotVerified), an unknown quote, rate or car (404) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_policy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
                policy_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The policy, with the confirmation page's data once paid */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyWithConfirmation"];
                };
            };
            /** @description No live session (401), an inactive institution (403), an unknown policy or not the member's (404) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    cancellation_terms: {
        parameters: {
            query: {
                /** @description The `token` of the document link. */
                token: string;
                /** @description The odometer reading today (whole miles): the answer then carries the quote for it. */
                odometer?: number;
            };
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
                policy_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What cancelling would do now, with the refund for the reading given */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CancellationTerms"];
                };
            };
            /** @description The odometer reading is below the one at the sale, or impossible (field odometer) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A bad link or an unknown contract (404), nothing to cancel (409), an expired link (410) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    cancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
                policy_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CancelBody"];
            };
        };
        responses: {
            /** @description Cancelled, or asked of the institution (`outcome` says which; also for a repeat) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CancellationAnswer"];
                };
            };
            /** @description Under way (`outcome: pending`): the provider or the gateway is slow; the member gets an email when done */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CancellationAnswer"];
                };
            };
            /** @description No code and no session of the member (confirmationRequired) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A missing or refused odometer reading or attestation, or a wrong code (400 invalidCode); a bad link or an unknown contract (404), nothing to cancel (409), an expired link (410) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    send_code: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
                policy_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LinkToken"];
            };
        };
        responses: {
            /** @description The code was emailed */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodeSent"];
                };
            };
            /** @description The email could not be sent (emailFailed) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A bad link or an unknown contract (404), nothing to cancel (409), an expired link (410), too many codes (429) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    request_paper_copy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
                policy_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LinkToken"];
            };
        };
        responses: {
            /** @description Queued (or queued already) */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaperCopyQueued"];
                };
            };
            /** @description A bad link or an unknown contract (404), a contract never bought or voided (409), an expired link (410) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list_quotes: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The member's latest quotes, newest first (none before the first) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Quotes"];
                };
            };
            /** @description No live session (401), an inactive institution (403), an unknown institution or another member's id (404) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    create_quote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateQuote"];
            };
        };
        responses: {
            /** @description The quote, stored with its rates */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuoteView"];
                };
            };
            /** @description A state or answer the rules refuse (400), no live session (401), an unknown car (404), no rate fits (422 noQuotes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_quote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
                quote_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The quote with its rates */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuoteView"];
                };
            };
            /** @description No live session (401), an inactive institution (403), an unknown quote or not the member's (404) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    update_quote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
                quote_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateQuote"];
            };
        };
        responses: {
            /** @description The quote, rated again under the same id */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuoteView"];
                };
            };
            /** @description A state or answer the rules refuse (400), no live session (401), an unknown quote (404), a quote a purchase holds (409), no rate fits (422 noQuotes) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    sample_contract: {
        parameters: {
            query?: {
                /**
                 * @description The sample in this language (`en`: the English version the Spanish review page links to);
                 *     without it, in the member's language.
                 */
                language?: components["schemas"]["Language"];
            };
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
                quote_id: string;
                rate_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sample contract PDF, marked SAMPLE on every page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": unknown;
                };
            };
            /** @description No live session (401), an unknown quote or rate (404), too many samples (429) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    refresh: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session's new token (the old one stops working) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NewToken"];
                };
            };
            /** @description No live session (401), or one past its maximum age (401 sessionExpired); an inactive institution (403), another member's id (404) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    sign_request: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PolicyRef"];
            };
        };
        responses: {
            /** @description The signed request to start the card widget with (an open one is reused) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Signed"];
                };
            };
            /** @description The spec's payment problem text */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No live session (401), not the member's policy (404), not booked, voided, or already paid (409 alreadyPaid) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    update_email: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateEmail"];
            };
        };
        responses: {
            /** @description The member with the new address and the session's new token (and a new restore cookie when the address changed) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdatedEmail"];
                };
            };
            /** @description A malformed address (400), no live session (401), an inactive institution (403), an unknown institution or another member's id (404), an old address that is not the member's (409) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    verify_details: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
                policy_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VerifyDetails"];
            };
        };
        responses: {
            /** @description The details match: a signed link to the contract PDF, valid 10 minutes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentLink"];
                };
            };
            /** @description A last name or zip the rules refuse (400), no contract with those details (404), a voided contract or one still being prepared (409), too many tries (429) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    send_verification_email: {
        parameters: {
            query: {
                emailAddress: string;
            };
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The code is on its way (`sent: true`) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sent"];
                };
            };
            /** @description The email could not be sent (emailFailed) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A malformed address or not the member's (400), no live session (401), an inactive institution (403), an unknown institution or another member's id (404), too many codes (429) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    verify_response: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The institution's id. */
                iid: string;
                /** @description The member's user id. */
                uid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VerifyBody"];
            };
        };
        responses: {
            /** @description The payment, recorded by the checkout (or taken to be recorded) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"];
                };
            };
            /** @description The processor failed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"];
                };
            };
            /** @description The envelope with its error: the session expired (401, the spec's user-timeout text), the card was refused (402), the charge is being refunded (409, `code` says why), another contract's payment (422); or an error: no session (401), not the member's policy (404), not booked or voided (409) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerifyRefusal"];
                };
            };
        };
    };
    audit: {
        parameters: {
            query?: {
                /** @description At most 1000; 200 when omitted. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The audit log */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditEntry"][];
                };
            };
            /** @description A limit that is not a whole number (400), no session (401) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    callback: {
        parameters: {
            query?: {
                code?: string;
                state?: string;
                /** @description The issuer that answers (RFC 9207), when the provider says. */
                iss?: string;
                /** @description `access_denied` when the person declined. */
                error?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To `/staff` with the session cookie set; or to `/staff?signIn=denied|expired|invalid|unavailable|noRole|off` */
            303: {
                headers: {
                    /** @description Where to go */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    institution_active: {
        parameters: {
            query?: never;
            header: {
                "X-CSRF-Token": string;
                "Idempotency-Key": string;
            };
            path: {
                iid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ActiveBody"];
            };
        };
        responses: {
            /** @description Done, or nothing to do */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /** @description No key (400), no session (401), no CSRF token or not an admin (403), unknown (404) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    report: {
        parameters: {
            query: {
                /** @description The first day (`YYYY-MM-DD`, UTC). */
                from: string;
                /** @description The last day, included. */
                to: string;
                /** @description `csv` for the days as a CSV file. */
                format?: string;
            };
            header?: never;
            path: {
                iid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report (JSON), or its days (`format=csv`: text/csv) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Report"];
                };
            };
            /** @description A bad period (400), no session (401), a role without reports (403), unknown or another institution (404) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    institutions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The institutions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstitutionRow"][];
                };
            };
            /** @description No session (401), not an admin (403) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    import_institution: {
        parameters: {
            query?: never;
            header: {
                "X-CSRF-Token": string;
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ImportBody"];
            };
        };
        responses: {
            /** @description Imported */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /** @description No key (400), no session (401), no CSRF token or not an admin (403), a file that does not check (409) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    integrator_active: {
        parameters: {
            query?: never;
            header: {
                "X-CSRF-Token": string;
                "Idempotency-Key": string;
            };
            path: {
                integrator_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ActiveBody"];
            };
        };
        responses: {
            /** @description Done, or nothing to do */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /** @description No key (400), no session (401), no CSRF token or not an admin (403), unknown (404) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    import_integrator: {
        parameters: {
            query?: never;
            header: {
                "X-CSRF-Token": string;
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ImportBody"];
            };
        };
        responses: {
            /** @description Imported */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /** @description No key (400), no session (401), no CSRF token or not an admin (403), a file that does not check (409) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed-in person */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            /** @description No session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    paper_copies: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The paper queue */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>[];
                };
            };
            /** @description No session (401), a role without support (403) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    purchase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Policy id, reference, workflow id, contract number or quote id */
                policy_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Everything about the purchase */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PurchaseDetail"];
                };
            };
            /** @description No session (401), a role without support (403), unknown or another institution's (404) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    cancel_contract: {
        parameters: {
            query?: never;
            header: {
                "X-CSRF-Token": string;
                "Idempotency-Key": string;
            };
            path: {
                policy_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CancelBody"];
            };
        };
        responses: {
            /** @description Cancelled, requested of the institution, under way, or nothing to do */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /** @description A refused reading or no key (400), no session (401), no CSRF token or a role without support (403), unknown (404), failed (409) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    cancellation_quote: {
        parameters: {
            query?: {
                /** @description The odometer reading today (whole miles). */
                odometer?: number;
            };
            header?: never;
            path: {
                policy_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cancellation terms, with the quote for the reading */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CancellationTerms"];
                };
            };
            /** @description A refused reading (400), no session (401), a role without support (403), unknown (404), nothing to cancel (409) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    paper_mailed: {
        parameters: {
            query?: never;
            header: {
                "X-CSRF-Token": string;
                "Idempotency-Key": string;
            };
            path: {
                policy_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Recorded, or nothing to do */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /** @description No key (400), no session (401), no CSRF token or a role without support (403), unknown (404) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    refund_paid: {
        parameters: {
            query?: never;
            header: {
                "X-CSRF-Token": string;
                "Idempotency-Key": string;
            };
            path: {
                policy_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefundPaidBody"];
            };
        };
        responses: {
            /** @description Recorded */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /** @description A bad check number or date, or no key (400), no session (401), no CSRF token or a role without support (403), unknown (404), no unpaid check refund (409) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    resend_emails: {
        parameters: {
            query?: never;
            header: {
                "X-CSRF-Token": string;
                "Idempotency-Key": string;
            };
            path: {
                policy_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResendBody"];
            };
        };
        responses: {
            /** @description Sent, or nothing to do (not paid, or resent within 10 minutes) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /** @description No key (400), no session (401), no CSRF token or a role without support (403), unknown (404), failed (409) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    retry_booking: {
        parameters: {
            query?: never;
            header: {
                "X-CSRF-Token": string;
                "Idempotency-Key": string;
            };
            path: {
                policy_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done, or nothing to do */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionAnswer"];
                };
            };
            /** @description No key (400), no session (401), no CSRF token or a role without support (403), unknown (404), failed (409) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    unpaid_refunds: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The unpaid check refunds */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>[];
                };
            };
            /** @description No session (401), a role without support (403) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    search: {
        parameters: {
            query: {
                /** @description An email address, or a policy id, reference, workflow id, contract number or quote id. */
                q: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The members found (none: an empty list) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Found"];
                };
            };
            /** @description No session (401), a role without support (403), an empty or long query (400) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    sign_in: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the identity provider (authorization code, PKCE, nonce), with the browser's binding cookie; or to `/staff?signIn=off|unavailable` */
            303: {
                headers: {
                    /** @description Where to go */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Too many sign-ins from one address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    sign_out: {
        parameters: {
            query?: never;
            header: {
                /** @description The session's CSRF token */
                "X-CSRF-Token": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No session (401), no CSRF token (403) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    upload: {
        parameters: {
            query: {
                user: string;
                mime: string;
                max: number;
                expires: number;
                sig: string;
            };
            header?: never;
            path: {
                drop_id: string;
            };
            cookie?: never;
        };
        /** @description The photo, at most 10 MB */
        requestBody?: {
            content: {
                "image/bmp": unknown;
                "image/gif": unknown;
                "image/jpeg": unknown;
                "image/png": unknown;
                "image/tiff": unknown;
                "image/webp": unknown;
            };
        };
        responses: {
            /** @description Stored */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The instance is receiving as many uploads as it takes: try again after `Retry-After` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Empty or interrupted (400), a bad or expired link (403), uploaded already (409), too large (413), not the link's content type (415) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
}

/** Every error code the API answers, to check an error body's code at run time. */
export const errorCodes: readonly components['schemas']['ErrorCode'][] = ["validation","badRequest","notFound","methodNotAllowed","tooLarge","unsupportedMediaType","unauthorized","forbidden","sessionExpired","invalidCredentials","institutionInactive","invalidIntegrator","integratorInactive","vehicleNotFound","mockVin","noQuotes","invalidCode","emailNotVerified","emailFailed","bookingFailed","bookingNoResponse","paymentFailed","gatewayUnavailable","paymentPending","alreadyPaid","secondChargeRefunded","chargeRefunded","voided","confirmationRequired","quoteStateChanged","notReady","noPolicies","conflict","stepOutOfOrder","checkoutBusy","checkoutClosed","linkExpired","captchaRequired","captchaInvalid","captchaExpired","captchaUsed","rateLimited","badSignature","unavailable","internal"]
