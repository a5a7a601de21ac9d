'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::site-meta.site-meta');
